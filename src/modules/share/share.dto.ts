import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { ShareLink } from '../reports';
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, type MeasuredRetentionView, type ServedReport } from '@preflight/shared';
import { reportSchemaRef } from '../../report-contract.openapi';


export class ShareSettingsDto {
  @ApiPropertyOptional({ enum: [true], default: true, description: 'Must be true: a share link opens the report to anyone who has it' })
  @IsOptional()
  @IsBoolean()
  @Equals(true, { message: 'is_public must be true: a share link opens the report to anyone who has it' })
  is_public?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Whether the link also lets its holder download the PDF' })
  @IsOptional()
  @IsBoolean()
  allow_download?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: "false hides the creator's name and email and the folders of the original filename",
  })
  @IsOptional()
  @IsBoolean()
  show_sensitive_data?: boolean;

  @ApiPropertyOptional({ type: 'integer', default: SHARE_LINK_DEFAULT_DAYS, minimum: 1, maximum: SHARE_LINK_MAX_DAYS })
  @IsOptional()
  @IsInt({ message: `expiration_days must be a whole number of days from 1 to ${SHARE_LINK_MAX_DAYS}` })
  @Min(1, { message: `expiration_days must be a whole number of days from 1 to ${SHARE_LINK_MAX_DAYS}` })
  @Max(SHARE_LINK_MAX_DAYS, { message: `expiration_days must be a whole number of days from 1 to ${SHARE_LINK_MAX_DAYS}` })
  expiration_days?: number;
}

/** The body the web app sends (docs/product.md, Endpoints). The bearer token decides who asks; report_id, when sent, must be the report in the path. */
export class CreateShareLinkDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The report in the path (checked when sent)' })
  @IsOptional()
  @IsUUID()
  report_id?: string;

  @ApiPropertyOptional({ maxLength: 128, description: 'Informational: the bearer token, not this field, decides who is asking' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  user_id?: string;

  @ApiPropertyOptional({ type: ShareSettingsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ShareSettingsDto)
  share_settings?: ShareSettingsDto;
}

/** One link as its creator sees it (the token itself is shown only once, when made). */
export class ShareLinkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) report_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Cut B when the link opens a comparison (report_id is cut A)' })
  compare_report_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty() allow_download: boolean;
  @ApiProperty() show_sensitive_data: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many times the shared page was opened' })
  open_count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the shared page was last opened' })
  last_opened_at: string | null;

  static from(link: ShareLink): ShareLinkDto {
    return {
      id: link.id,
      report_id: link.reportId,
      compare_report_id: link.compareReportId,
      created_at: link.createdAt.toISOString(),
      expires_at: link.expiresAt.toISOString(),
      allow_download: link.allowDownload,
      show_sensitive_data: link.showSensitiveData,
      open_count: link.openCount,
      last_opened_at: link.lastOpenedAt?.toISOString() ?? null,
    };
  }
}

/** A live link as its creator manages it in the Share dialog: with its token again, so it can be copied. */
export class ManagedShareLinkDto extends ShareLinkDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The link\'s token, for copying it again; null for a link whose token the server cannot rebuild (made before tokens were derived)',
  })
  token: string | null;
}

/** The share answer (token and shareToken: both, same value, for older clients) and the link's lifetime. */
export class ShareLinkCreatedDto extends ShareLinkDto {
  @ApiProperty({ description: 'The share token (256 random bits, base64url); shown only now' }) token: string;
  @ApiProperty({ description: 'The same token, under its other name' }) shareToken: string;
}

export interface SharedCreator {
  name: string | null;
  email: string | null;
}

/** The shared report answer (docs/product.md, Data shapes), with the report itself. */
export class SharedReportDto {
  @ApiProperty({ format: 'uuid' }) report_id: string;
  @ApiProperty({ format: 'date-time', description: 'When the link was made' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'When the link stops working' }) expires_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the video was analysed' })
  analyzed_at: string | null;
  @ApiProperty({ description: 'The video’s file name (without folders unless sensitive data is shown)' }) filename: string;
  // Inline, not a $ref: in OpenAPI 3.0 `nullable` beside `allOf: [$ref]` still forbids null (3.0.3), so the document
  // refused the null this field is whenever sensitive data is hidden.
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['name', 'email'],
    properties: { name: { type: 'string', nullable: true }, email: { type: 'string', nullable: true } },
    description: 'Only when the creator chose to show sensitive data',
  })
  creator: SharedCreator | null;
  @ApiProperty({ description: 'Whether the PDF may be downloaded with this link (X-Share-Token on /public/prevention/pdf)' })
  allow_download: boolean;
  @ApiProperty() show_sensitive_data: boolean;
  @ApiProperty({
    allOf: [reportSchemaRef('ServedReport')],
    description: 'report.json exactly as GET /reports/{id}_data/report.json serves it to this link (docs/report-format.md)',
  })
  report: ServedReport;
  @ApiProperty({
    allOf: [reportSchemaRef('MeasuredRetentionView')],
    description: 'The retention the creator measured after posting, against the prediction (`measured: null` when none)',
  })
  measured_retention: MeasuredRetentionView;
}
