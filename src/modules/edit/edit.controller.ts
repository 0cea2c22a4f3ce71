import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, KeyScope, NeedsWriteKey, type RequestAuth } from '../auth';
import { contentDisposition } from '../pdf';
import { EditDto, EditExportQueryDto, PutEditDto } from './edit.dto';
import { EditService } from './edit.service';

/**
 * The proposed edit of a creator's own report (docs/product.md, The proposed edit): the cuts with their reasons and
 * findings, the retention they buy, the creator's changes saved, and the edit as a timeline for their editor. Another
 * user's report answers 404, like a missing one; API keys reach it with the scopes of markers (read; write to save).
 */
@ApiTags('reports')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/reports/:reportId/edit')
export class EditController {
  constructor(private readonly edits: EditService) {}

  /** The saved edit, or the engine's proposal when none is saved (`saved: false`). */
  @Get()
  @ApiOkResponse({ type: EditDto })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The report has no signals to edit from: still running, failed, or made without them (the message says which)' })
  getReportEdit(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<EditDto> {
    return this.edits.view(auth, reportId);
  }

  /** Replaces the saved cut list (checked whole: nothing is saved when one range is refused). */
  @Put()
  @NeedsWriteKey()
  @ApiOkResponse({ type: EditDto })
  @ApiBadRequestResponse({ description: 'A range overlaps another, falls outside the video, cuts into speech beyond the margins, or the cuts leave nothing: the message names the range and why' })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The report has no signals to edit from: still running, failed, or made without them' })
  putReportEdit(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string, @Body() body: PutEditDto): Promise<EditDto> {
    return this.edits.save(auth, reportId, body);
  }

  /** The kept pieces of the original file as a timeline for an editor (or a render script), findings as markers. */
  @Get('export')
  @ApiProduces('application/xml', 'text/plain', 'text/x-shellscript')
  @ApiOkResponse({ description: 'The timeline file, as an attachment named after the video', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The report has no signals to edit from' })
  @ApiUnprocessableEntityResponse({ description: 'No cut is switched on: an unchanged video is not exported' })
  async exportReportEdit(
    @Auth() auth: RequestAuth,
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Query() query: EditExportQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.edits.exportFile(auth, reportId, query.format);
    res.setHeader('Cache-Control', 'private, no-store');
    const body = Buffer.from(file.body, 'utf8');
    return new StreamableFile(body, { type: file.contentType, length: body.length, disposition: contentDisposition(file.fileName) });
  }
}
