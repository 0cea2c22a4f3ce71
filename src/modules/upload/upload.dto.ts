import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_FEEDBACK_STYLE, FEEDBACK_STYLES, MAX_UPLOAD_MB, type FeedbackStyle } from '@preflight/shared';

export class UploadVideoDto {
  @ApiProperty({ type: 'string', format: 'binary', description: `The video (up to ${MAX_UPLOAD_MB} MB, up to 1 hour)` })
  file: unknown;

  @ApiPropertyOptional({ enum: FEEDBACK_STYLES, default: DEFAULT_FEEDBACK_STYLE })
  feedbackStyle?: FeedbackStyle;
}

export class UploadResponseDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
}
