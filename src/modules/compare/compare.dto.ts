import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Comparison } from '@preflight/shared';
import { Type } from 'class-transformer';
import { IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { reportSchemaRef } from '../../report-contract.openapi';
import { ShareSettingsDto } from '../share';

/** The two cuts to compare: A the reference (earlier) cut, B the new one. Both must be the caller's. */
export class CompareQueryDto {
  @ApiProperty({ format: 'uuid', description: 'The reference cut (A)' })
  @IsUUID('all', { message: 'a must be the id of one of your reports' })
  a!: string;

  @ApiProperty({ format: 'uuid', description: 'The new cut (B), compared against A' })
  @IsUUID('all', { message: 'b must be the id of one of your reports' })
  b!: string;
}

/** A share link of a comparison: the two cuts and the same settings as a report's link. */
export class CreateCompareShareDto {
  @ApiProperty({ format: 'uuid', description: 'Cut A (the reference)' })
  @IsUUID('all', { message: 'a must be the id of one of your reports' })
  a!: string;

  @ApiProperty({ format: 'uuid', description: 'Cut B (the new cut)' })
  @IsUUID('all', { message: 'b must be the id of one of your reports' })
  b!: string;

  @ApiPropertyOptional({ type: ShareSettingsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ShareSettingsDto)
  share_settings?: ShareSettingsDto;
}

/** A shared comparison as the link's holder sees it. */
export class SharedComparisonDto {
  @ApiProperty({ format: 'date-time', description: 'When the link was made' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'When the link stops working' }) expires_at: string;
  @ApiProperty({ description: 'Whether the comparison PDF may be downloaded with this link (X-Share-Token on /public/compare/pdf)' })
  allow_download: boolean;
  @ApiProperty({ allOf: [reportSchemaRef('Comparison')] })
  comparison: Comparison;
}
