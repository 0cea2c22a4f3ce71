/**
 * Report step: the order of the fixes (issue 41). Fixes are ranked by the viewers each one loses, read from the
 * retention model itself: the predicted rise of viewers still watching at the end if that fix alone is made
 * (`retention_gain_pct`). The ranking is style-independent; a feedback style only decides how far down the one ranking
 * the report lists, and never leaves out the urgent fixes at its top, so severities, order and the urgent list are
 * the same in every style (the style changes the words only).
 */
import type { FeedbackStyle } from '@preflight/shared';
import { URGENT_ISSUE_COUNT } from '@preflight/shared';
import { C } from '../model/constants';
import type { ModelResult } from '../model/retention';
import { severityRank, type Candidate } from '../rules/candidates';

/** What fixing a finding switches off in the model: its penalty sources, its global modifiers, the hook. */
function counterfactual(c: Pick<Candidate, 'sources' | 'modifiers' | 'hook'>) {
  return { disabledSources: new Set(c.sources ?? []), disabledModifiers: new Set(c.modifiers ?? []), idealHook: !!c.hook };
}

const end = (survival: readonly number[]) => survival[survival.length - 1] ?? 1;
const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Percentage points more of the starting audience predicted to be still watching at the end if this finding alone
 * were fixed (its cause removed from the model; 0 for a finding the model does not weigh, e.g. a missing CTA).
 */
export function retentionGain(model: ModelResult, c: Pick<Candidate, 'sources' | 'modifiers' | 'hook'>): number {
  const fixed = model.curve(counterfactual(c));
  return r1(Math.max(0, (end(fixed.survival) - end(model.survival)) * 100));
}

/**
 * Every finding, most viewers lost first. Ties (equal gain at the report's precision) go to the more severe, then
 * the earlier, then by id, so the order never depends on the order the rules ran in.
 */
export function rankFindings(all: readonly Candidate[], gain: (c: Candidate) => number): Candidate[] {
  return [...all].sort(
    (a, b) => gain(b) - gain(a) || severityRank(a.severity) - severityRank(b.severity) || a.time_s - b.time_s || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * How much of the ranking a style lists (docs/product.md, Rules › Feedback style), in the ranking's order: brutal all;
 * balanced every high and medium finding and lows up to BALANCED_MAX in all; gentle the urgent ones only. The urgent
 * fixes (the top URGENT_ISSUE_COUNT) are listed in every style, whatever their severity.
 */
export function selectForStyle(ranked: readonly Candidate[], style: FeedbackStyle): Candidate[] {
  if (style === 'brutal') return [...ranked];
  if (style === 'gentle') return ranked.slice(0, Math.max(URGENT_ISSUE_COUNT, C.GENTLE_MAX));
  const important = ranked.filter((c, i) => i < URGENT_ISSUE_COUNT || c.severity !== 'low').length;
  let lows = Math.max(0, C.BALANCED_MAX - important);
  return ranked.filter((c, i) => i < URGENT_ISSUE_COUNT || c.severity !== 'low' || lows-- > 0);
}

/** The model with every given finding fixed at once (for the score a video would get with them fixed). */
export function modelWithFixed(model: ModelResult, fixed: readonly Candidate[]): ModelResult {
  const cf = model.curve({
    disabledSources: new Set(fixed.flatMap((c) => c.sources ?? [])),
    disabledModifiers: new Set(fixed.flatMap((c) => c.modifiers ?? [])),
    idealHook: fixed.some((c) => c.hook),
  });
  return { ...model, survival: cf.survival, avgWatched: cf.avgWatched };
}
