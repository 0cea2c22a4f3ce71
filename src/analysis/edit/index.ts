/**
 * The proposed edit (issue 42), the engine's front door for it:
 *
 *   const edit = proposeEdit(editSourceOf(report));                  // from the stored signals, no decoding
 *   const revised = reviseEdit(source, edit, { cuts, margin_before_s });  // a creator's changed cut list, checked
 *
 * The proposal's cuts (./propose.ts), the model re-run on the edited timeline (./evaluate.ts) and the checks of a
 * creator's list (./check.ts) are pure: the worker attaches a proposal to every report, the API re-computes one for a
 * changed list from report.json's metrics.
 */
import type { EditCut, EditSettings, Metrics, ProposedEdit, Report } from '@preflight/shared';
import type { Platform } from '../model/constants';
import type { Transcript } from '../rules/candidates';
import { checkCuts, type CutInput } from './check';
import { evaluateEdit, modelOf, type EditModelInput, type Modelled } from './evaluate';
import { FrameGrid, frameRateOf } from './frame-grid';
import { keptOf, overlapOf } from './ranges';
import { findingFor, proposeCuts, stills } from './propose';
import { describeCut } from './reason';
import { editSettings } from './settings';

export { DEFAULT_EDIT_SETTINGS, editSettings } from './settings';
export { MAX_CUTS, clock } from './check';
export { frameRateOf, type FrameRate } from './frame-grid';
export { keptOf, TimeMap, type Range } from './ranges';
export { evaluateEdit, modelOf, type EditEvaluation, type EditModelInput, type Modelled } from './evaluate';
export { editMetrics } from './remap';

export type EditSource = EditModelInput;

/** What the edit needs of a stored report: its signals, the platform it resolved, its calibration and words. */
export function editSourceOf(report: Report): EditSource {
  return {
    metrics: report.metrics,
    platform: report.report_metadata.platform,
    calibration: report.retention_calibration?.params ?? null,
    transcript: report.transcript as Transcript | null,
  };
}

function build(source: EditSource, settings: EditSettings, cuts: EditCut[], note: string | null, before: Modelled, grid: FrameGrid): ProposedEdit {
  const enabled = cuts.filter((c) => c.enabled);
  const e = evaluateEdit(source, before, enabled);
  return {
    settings,
    frame_rate: grid.rate,
    audio_fade_s: Math.round(grid.frameS * 1e6) / 1e6,
    cuts,
    kept_seconds: e.kept_seconds,
    note: enabled.length ? note : (note ?? 'No cut is switched on: the video stays as it is.'),
    before: e.before,
    after: e.after,
    after_curve: e.after_curve,
    fixed_finding_ids: e.fixed_finding_ids,
  };
}

const gridOf = (m: Metrics) => new FrameGrid(frameRateOf(m.fps), m.duration_s);

/** The engine's proposal for these signals (`before`: the source already modelled, as the analysis has it). */
export function proposeEdit(source: EditSource, overrides: Partial<EditSettings> = {}, before: Modelled = modelOf(source)): ProposedEdit {
  const settings = editSettings(overrides);
  const grid = gridOf(source.metrics);
  const { cuts, note } = proposeCuts(source.metrics, before.shown, settings, grid);
  return build(source, settings, cuts, note, before, grid);
}

export interface EditChange {
  cuts: CutInput[];
  margin_before_s?: number;
  margin_after_s?: number;
}

export type Revision = { ok: true; edit: ProposedEdit } | { ok: false; message: string };

/**
 * A creator's cut list (edges moved, cuts switched off or added) checked and evaluated. Each cut keeps the kind and
 * finding of the proposed cut it overlaps most (its reason re-written for its new edges); one that overlaps none is
 * the creator's own.
 */
export function reviseEdit(source: EditSource, proposal: Pick<ProposedEdit, 'cuts' | 'settings'>, change: EditChange, before: Modelled = modelOf(source)): Revision {
  const m = source.metrics;
  const settings = editSettings({ ...proposal.settings, margin_before_s: change.margin_before_s, margin_after_s: change.margin_after_s });
  const grid = gridOf(m);
  const checked = checkCuts(m, change.cuts, settings, grid);
  if (!checked.ok) return checked;
  const still = stills(m);
  const cuts: EditCut[] = checked.cuts.map((c) => {
    let best: { cut: EditCut; hit: number } | null = null;
    for (const p of proposal.cuts) {
      const hit = overlapOf(p, c);
      if (hit > 0 && (!best || hit > best.hit)) best = { cut: p, hit };
    }
    const kind = best?.cut.kind ?? 'manual';
    return {
      start_s: c.start_s,
      end_s: c.end_s,
      kind,
      reason: describeCut(m, c, kind, still),
      finding_id: best ? best.cut.finding_id : findingFor(c, 'manual', before.shown),
      enabled: c.enabled,
    };
  });
  return { ok: true, edit: build(source, settings, cuts, null, before, grid) };
}

/** The kept pieces of an edit (its enabled cuts taken out), source times. */
export function keptPieces(edit: Pick<ProposedEdit, 'cuts'>, durationS: number) {
  return keptOf(edit.cuts.filter((c) => c.enabled), durationS);
}

export type { Platform };
