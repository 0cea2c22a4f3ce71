/**
 * The proposed edit against ground truth (issue 42): speech the cuts remove (must be 0 ms) and the share of the
 * truth's dead air they find (at least 95 %). Used by `npm run eval:generated`, `npm run eval:real` and the
 * generated-suite test's floors.
 *
 * Dead air in the truth: stretches with nothing to hear and nobody speaking (the generator's digital silences; a real
 * clip's non-speech spans when it has sound and no music), at least as long as the report calls dead air, less the
 * margins the edit keeps before and after each spoken line (those are the edit's to keep, not to find).
 */
import type { ProposedEdit, Segment } from '@preflight/shared';
import { C } from '../../src/analysis/model/constants';

export interface EditEval {
  cuts: number;
  removedS: number;
  /** Truth speech inside the enabled cuts (ms). */
  speechRemovedMs: number;
  /** Truth dead air (s) and how much of it the cuts remove. */
  deadAirS: number;
  deadAirFoundS: number;
}

const overlap = (a: Segment, b: Segment) => Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s));

/** The truth's dead air: silences of at least the dead-air length, less the edit's margins around truth speech. */
export function truthDeadAir(silences: Segment[], speech: Segment[], edit: Pick<ProposedEdit, 'settings'>): Segment[] {
  const { margin_before_s: before, margin_after_s: after } = edit.settings;
  return silences
    .filter((s) => s.end_s - s.start_s >= C.DEAD_AIR_MIN_S)
    .map((s) => ({
      start_s: Math.max(s.start_s, ...speech.filter((g) => g.end_s <= s.start_s + 0.3).map((g) => g.end_s + after)),
      end_s: Math.min(s.end_s, ...speech.filter((g) => g.start_s >= s.end_s - 0.3).map((g) => g.start_s - before)),
    }))
    .filter((s) => s.end_s > s.start_s);
}

export function evaluateEdit(edit: ProposedEdit, speech: Segment[], deadAir: Segment[]): EditEval {
  const cuts = edit.cuts.filter((c) => c.enabled);
  let speechRemoved = 0;
  let found = 0;
  for (const c of cuts) {
    for (const s of speech) speechRemoved += overlap(c, s);
    for (const d of deadAir) found += overlap(c, d);
  }
  return {
    cuts: cuts.length,
    removedS: cuts.reduce((a, c) => a + c.end_s - c.start_s, 0),
    speechRemovedMs: Math.round(speechRemoved * 1000),
    deadAirS: deadAir.reduce((a, d) => a + d.end_s - d.start_s, 0),
    deadAirFoundS: found,
  };
}

export const foundShare = (e: Pick<EditEval, 'deadAirS' | 'deadAirFoundS'>) => (e.deadAirS > 0 ? e.deadAirFoundS / e.deadAirS : null);

export function editRow(name: string, e: EditEval): string[] {
  const share = foundShare(e);
  return [
    name,
    String(e.cuts),
    `${e.removedS.toFixed(2)} s`,
    `${e.speechRemovedMs} ms${e.speechRemovedMs > 0 ? ' FAIL' : ''}`,
    e.deadAirS > 0 ? `${e.deadAirS.toFixed(2)} s` : '-',
    share === null ? '-' : `${(share * 100).toFixed(1)} %${share < 0.95 ? ' FAIL' : ''}`,
  ];
}

export const EDIT_HEADER = ['clip', 'cuts', 'removed', 'speech removed', 'truth dead air', 'dead air found'];

export function editTotals(evals: EditEval[]): string[] {
  const tot = evals.reduce((a, e) => ({ cuts: a.cuts + e.cuts, removedS: a.removedS + e.removedS, speechRemovedMs: a.speechRemovedMs + e.speechRemovedMs, deadAirS: a.deadAirS + e.deadAirS, deadAirFoundS: a.deadAirFoundS + e.deadAirFoundS }), {
    cuts: 0, removedS: 0, speechRemovedMs: 0, deadAirS: 0, deadAirFoundS: 0,
  });
  return editRow('ALL', tot);
}
