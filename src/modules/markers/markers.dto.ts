import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MARKER_FORMATS, type MarkerFormat } from '@preflight/shared';

export class MarkersQueryDto {
  @ApiProperty({
    enum: MARKER_FORMATS,
    description:
      'fcpxml: Final Cut Pro (FCPXML 1.11); edl: DaVinci Resolve timeline markers (CMX 3600 EDL); premiere: Premiere Pro (FCP 7 XML); youtube: YouTube chapters (text)',
  })
  @IsIn(MARKER_FORMATS)
  format!: MarkerFormat;
}
