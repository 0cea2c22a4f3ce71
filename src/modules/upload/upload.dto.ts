import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FEEDBACK_STYLES, type FeedbackStyle } from '../reports/report.entity';

export class UploadVideoDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The video (up to 1995 MB, up to 1 hour)' })
  file: unknown;

  @ApiPropertyOptional({ enum: FEEDBACK_STYLES, default: 'balanced' })
  feedbackStyle?: FeedbackStyle;
}

export class UploadResponseDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
}
