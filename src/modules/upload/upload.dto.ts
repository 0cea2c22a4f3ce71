import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_FEEDBACK_STYLE, DEFAULT_PLATFORM, FEEDBACK_STYLES, MAX_UPLOAD_MB, PLATFORM_CHOICES, type FeedbackStyle, type PlatformChoice } from '@preflight/shared';

export class UploadVideoDto {
  @ApiProperty({ type: 'string', format: 'binary', description: `The video (up to ${MAX_UPLOAD_MB} MB, up to 1 hour)` })
  file: unknown;

  @ApiPropertyOptional({ enum: FEEDBACK_STYLES, default: DEFAULT_FEEDBACK_STYLE })
  feedbackStyle?: FeedbackStyle;

  @ApiPropertyOptional({
    enum: PLATFORM_CHOICES,
    default: DEFAULT_PLATFORM,
    description: 'Target platform whose preset the report checks against; auto picks one from the shape and length',
  })
  platform?: PlatformChoice;
}

export class UploadResponseDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;

  @ApiProperty({
    description:
      'Whether the analysis job is already queued. false: the job queue was unreachable; the upload is accepted and its job is queued automatically as soon as the queue is back (the report stays processing meanwhile).',
  })
  queued: boolean;
}
