import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException, BadRequestException } from '@nestjs/common';
import type { ProposedEdit, Report as AnalysisReport } from '@preflight/shared';
import { editSourceOf, keptPieces, proposeEdit, reviseEdit, type EditSource } from '../../analysis/edit';
import { currentEdit } from './current-edit';
import type { RequestAuth } from '../auth';
import { assertAnalysisFinished, fileNameOnly, ReportAccess, ReportDataStore, ReportsRepository, ShareService, type Report } from '../reports';
import type { EditDto, PutEditDto } from './edit.dto';
import { buildEditExport, EditExportError, type EditExportFormat, type EditTimeline } from './edit-export';
import { ReportEditRepository } from './report-edit.repository';
import type { ReportEdit } from './report-edit.entity';

export const NO_SIGNALS = 'This report has no stored signals to propose an edit from (it was not analysed to the end); upload the video again to analyse it anew.';
export const SHARED_EDIT_UNAVAILABLE = 'This shared report is not available';
export const NOTHING_TO_EXPORT = 'Nothing to export: no cut is switched on, so the edit would be the whole video unchanged.';
// Old reports did not record the audio stream's layout; editors relink the original and read its real layout then.
const ASSUMED_AUDIO = { channels: 2, sampleRate: 48000 };

/**
 * The creator's edit of a report (issue 42): the engine's proposal until they save their own cut list; every answer
 * re-computed from report.json's stored signals (reasons, findings and the retention the edit buys), never decoded.
 */
@Injectable()
export class EditService {
  constructor(
    private readonly access: ReportAccess,
    private readonly rows: ReportsRepository,
    private readonly data: ReportDataStore,
    private readonly edits: ReportEditRepository,
    private readonly shares: ShareService,
  ) {}

  async view(auth: RequestAuth, reportId: string): Promise<EditDto> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.manage');
    const { data, source } = await this.signals(report);
    const saved = await this.edits.ofReport(report.id);
    return toDto(report.id, currentEdit(data, saved, source), saved);
  }

  /** Checks the whole list against the video (400 naming the range and why, nothing saved), then saves it. */
  async save(auth: RequestAuth, reportId: string, body: PutEditDto): Promise<EditDto> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.write');
    const { data, source } = await this.signals(report);
    const proposal = data.proposed_edit ?? proposeEdit(source);
    const revised = reviseEdit(source, proposal, {
      cuts: body.cuts.map((c) => ({ start_s: c.start_seconds, end_s: c.end_seconds, enabled: c.enabled })),
      margin_before_s: body.margin_before_seconds,
      margin_after_s: body.margin_after_seconds,
    });
    if (!revised.ok) throw new BadRequestException(revised.message);
    const edit = revised.edit;
    const saved = await this.edits.put({
      reportId: report.id,
      // report.write is the owner's alone: the caller is the report's creator.
      userId: auth.user!.id,
      cuts: edit.cuts.map((c) => ({ start_s: c.start_s, end_s: c.end_s, enabled: c.enabled })),
      marginBeforeS: edit.settings.margin_before_s,
      marginAfterS: edit.settings.margin_after_s,
    });
    return toDto(report.id, edit, saved);
  }

  /** The saved edit (or the proposal), read-only, for the holder of a live share link of the report. */
  async shared(token: string): Promise<EditDto> {
    const share = await this.shares.resolve(token);
    const report = share && share.compareReportId === null ? await this.rows.findById(share.reportId) : null;
    if (!report || report.status !== 'completed') throw new NotFoundException(SHARED_EDIT_UNAVAILABLE);
    const { data, source } = await this.signals(report);
    const saved = await this.edits.ofReport(report.id);
    return toDto(report.id, currentEdit(data, saved, source), saved);
  }

  /** The edit as a file for the creator's editor; never an empty timeline (422 when no cut is on). */
  async exportFile(auth: RequestAuth, reportId: string, format: EditExportFormat): Promise<{ body: string; contentType: string; fileName: string }> {
    // The creator's working file, as the markers are.
    const { report } = await this.access.requireReport(auth, reportId, 'report.markers');
    const { data, source } = await this.signals(report);
    const edit = currentEdit(data, await this.edits.ofReport(report.id), source);
    if (!edit.cuts.some((c) => c.enabled)) throw new UnprocessableEntityException(edit.note ?? NOTHING_TO_EXPORT);
    try {
      return buildEditExport(format, timelineOf(data, edit, fileNameOnly(report.originalFilename)));
    } catch (error) {
      if (error instanceof EditExportError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** The report's stored signals: 409 for a report that has none (still running, failed, or no report.json). */
  private async signals(report: Report): Promise<{ data: AnalysisReport; source: EditSource }> {
    assertAnalysisFinished(report);
    if ((await this.data.raw(report.id)) === null) throw new ConflictException(NO_SIGNALS);
    const data = await this.data.read(report.id);
    return { data, source: editSourceOf(data) };
  }
}

export function timelineOf(data: AnalysisReport, edit: ProposedEdit, fileName: string): EditTimeline {
  const v = data.video_info;
  const D = data.metrics.duration_s;
  const kept = keptPieces(edit, D);
  const keeps = (t: number) => kept.some((p) => t >= p.start_s && t < p.end_s);
  const issues = [
    ...data.viral_hook.action_items.map((i) => ({ t: i.timestamp_seconds, name: i.problem, note: i.evidence })),
    ...data.detailed_analysis.map((i) => ({ t: i.timestamp_seconds, name: i.title, note: i.evidence })),
  ];
  return {
    sourceFileName: fileName,
    sourceDurationSeconds: D,
    frameRate: edit.frame_rate,
    variableFrameRate: v.variable_frame_rate,
    width: v.width,
    height: v.height,
    audio: v.has_audio ? { channels: v.audio_channels || ASSUMED_AUDIO.channels, sampleRate: v.audio_sample_rate || ASSUMED_AUDIO.sampleRate } : null,
    kept: kept.map((p) => ({ startSeconds: p.start_s, endSeconds: p.end_s })),
    // A finding inside a removed range marks nothing that is left: only the kept ones become markers.
    markers: issues.filter((i) => keeps(i.t)).sort((a, b) => a.t - b.t).map((i) => ({ startSeconds: i.t, endSeconds: i.t, name: i.name, note: i.note })),
  };
}

function toDto(reportId: string, e: ProposedEdit, saved: ReportEdit | null): EditDto {
  const side = (r: ProposedEdit['before']) => ({ duration_seconds: r.duration_s, average_view_seconds: r.average_view_s, end_share_pct: r.end_share_pct });
  return {
    report_id: reportId,
    saved: saved !== null,
    updated_at: saved?.updatedAt.toISOString() ?? null,
    duration_seconds: e.before.duration_s,
    kept_seconds: e.kept_seconds,
    cuts: e.cuts.map((c) => ({ start_seconds: c.start_s, end_seconds: c.end_s, reason: c.reason, finding_id: c.finding_id, enabled: c.enabled, kind: c.kind })),
    retention: { before: side(e.before), after: side(e.after) },
    after_curve: e.after_curve.map((p) => ({ t_seconds: p.t_s, retention_pct: p.retention_pct })),
    fixed_finding_ids: e.fixed_finding_ids,
    note: e.note,
    margin_before_seconds: e.settings.margin_before_s,
    margin_after_seconds: e.settings.margin_after_s,
    min_silence_seconds: e.settings.min_silence_s,
    min_kept_seconds: e.settings.min_kept_s,
    frame_rate: e.frame_rate,
    audio_fade_seconds: e.audio_fade_s,
  };
}
