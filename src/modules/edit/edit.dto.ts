import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { EDIT_CUT_KINDS } from '@preflight/shared';
import { MAX_CUTS } from '../../analysis/edit';
import { EDIT_EXPORT_FORMATS, type EditExportFormat } from './edit-export';

const finite = { allowNaN: false, allowInfinity: false };

/** One cut of the creator's list. What the server words itself (reason, kind, finding) may be sent back and is ignored. */
export class EditCutInputDto {
  @ApiProperty({ description: 'Source time (s) where the removed range starts' })
  @IsNumber(finite)
  start_seconds: number;

  @ApiProperty({ description: 'Source time (s) where it ends' })
  @IsNumber(finite)
  end_seconds: number;

  @ApiProperty({ description: 'false keeps the range (the cut stays listed, switched off)' })
  @IsBoolean()
  enabled: boolean;

  @ApiPropertyOptional({ description: 'Ignored: the server words the reason for the cut as it now is', maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;

  @ApiPropertyOptional({ description: 'Ignored: the cut keeps the finding of the proposed cut it overlaps', nullable: true, type: String, maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  finding_id?: string | null;

  @ApiPropertyOptional({ description: 'Ignored', enum: EDIT_CUT_KINDS })
  @IsOptional()
  @IsIn(EDIT_CUT_KINDS)
  kind?: string;
}

export class PutEditDto {
  @ApiProperty({ type: [EditCutInputDto], maxItems: MAX_CUTS, description: 'The whole list (it replaces the saved one); ranges must not overlap' })
  @IsArray()
  @ArrayMaxSize(MAX_CUTS)
  @ValidateNested({ each: true })
  @Type(() => EditCutInputDto)
  cuts: EditCutInputDto[];

  @ApiPropertyOptional({ minimum: 0, maximum: 2, description: 'Seconds kept before speech (default 0.15)' })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  @Max(2)
  margin_before_seconds?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 2, description: 'Seconds kept after speech (default 0.25)' })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  @Max(2)
  margin_after_seconds?: number;
}

export class EditExportQueryDto {
  @ApiProperty({
    enum: EDIT_EXPORT_FORMATS,
    description:
      'mlt: Shotcut / Kdenlive (MLT XML); fcpxml: Final Cut Pro and DaVinci Resolve (FCPXML 1.10); xmeml: Premiere Pro (Final Cut 7 XML); edl: CMX 3600 EDL; ffmpeg: a POSIX shell render script; ffmpeg-bat: the Windows batch render script',
  })
  @IsIn(EDIT_EXPORT_FORMATS)
  format: EditExportFormat;
}

export class EditCutDto {
  @ApiProperty() start_seconds: number;
  @ApiProperty() end_seconds: number;
  @ApiProperty({ example: '0:17–0:40 dead air: 23 s with no speech and a static picture' }) reason: string;
  @ApiProperty({ type: String, nullable: true, description: 'The report finding (issue id) the cut answers' }) finding_id: string | null;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ enum: EDIT_CUT_KINDS }) kind: string;
}

export class EditRetentionDto {
  @ApiProperty({ description: 'Length of the video (s)' }) duration_seconds: number;
  @ApiProperty({ description: 'Predicted average view duration (s)' }) average_view_seconds: number;
  @ApiProperty({ description: 'Predicted share still watching at the end (%)' }) end_share_pct: number;
}

export class EditRetentionPairDto {
  @ApiProperty({ type: EditRetentionDto }) before: EditRetentionDto;
  @ApiProperty({ type: EditRetentionDto }) after: EditRetentionDto;
}

export class EditCurvePointDto {
  @ApiProperty() t_seconds: number;
  @ApiProperty() retention_pct: number;
}

export class FrameRateDto {
  @ApiProperty({ type: 'integer' }) num: number;
  @ApiProperty({ type: 'integer' }) den: number;
}

/** The edit of a report: the saved one, or the engine's proposal when none was saved. */
export class EditDto {
  @ApiProperty({ format: 'uuid' }) report_id: string;
  @ApiProperty({ description: 'false: the engine proposal, nothing saved yet' }) saved: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) updated_at: string | null;
  @ApiProperty() duration_seconds: number;
  @ApiProperty({ description: 'Seconds left with the enabled cuts applied' }) kept_seconds: number;
  @ApiProperty({ type: [EditCutDto] }) cuts: EditCutDto[];
  @ApiProperty({ type: EditRetentionPairDto }) retention: EditRetentionPairDto;
  @ApiProperty({ type: [EditCurvePointDto], description: 'Predicted retention of the edited video, one point per second of it' }) after_curve: EditCurvePointDto[];
  @ApiProperty({ type: [String], description: 'Findings the edit fixes' }) fixed_finding_ids: string[];
  @ApiProperty({ type: String, nullable: true, description: 'Set when nothing is worth removing, or no cut is on' }) note: string | null;
  @ApiProperty() margin_before_seconds: number;
  @ApiProperty() margin_after_seconds: number;
  @ApiProperty() min_silence_seconds: number;
  @ApiProperty() min_kept_seconds: number;
  @ApiProperty({ type: FrameRateDto, description: 'The source frame rate; every edge is on a frame of it' }) frame_rate: FrameRateDto;
  @ApiProperty({ description: 'The audio fade at each cut (one frame)' }) audio_fade_seconds: number;
}
