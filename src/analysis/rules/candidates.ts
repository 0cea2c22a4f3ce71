/**
 * Candidate issues (style-independent): the rules of ./index.ts run over the signals computed once per analysis, then
 * the consistency pass (./consistency.ts) drops what contradicts the video or another finding and merges repeats.
 * Wording per feedback style is in ./wording.ts; selection per style in ../derive.ts (selectCandidates); the score's
 * use of the findings in ../model/scores.ts.
 */
import type { Metrics } from '@preflight/shared';
import { PLATFORM_PRESETS, type Platform } from '../model/constants';
import type { ModelResult } from '../model/retention';
import { makeConsistent, mergeRepeats, videoFacts, type Dropped } from './consistency';
import { runRules } from './index';
import type { Candidate, Transcript } from './rule';
export type { Candidate, Category, InternalSeverity, IssueCode, ProblemType, Transcript } from './rule';
export { severityRank } from './rule';
export { loudnessGapSeverity } from './loudness';

export interface Findings {
  /** Every consistent finding, each moment on its own: what the score weighs (three dead stretches cost three times). */
  each: Candidate[];
  /** The same with repeats of one rule merged: what the report lists, words and ranks. */
  shown: Candidate[];
  /** What the consistency pass dropped, and why. */
  dropped: Dropped[];
}

/** Every rule's findings for these metrics, made consistent (model signals computed once, in runModel). */
export function buildFindings(m: Metrics, platform: Platform, model: ModelResult, transcript: Transcript | null): Findings {
  const raw = runRules({ m, D: m.duration_s, platform, preset: PLATFORM_PRESETS[platform], signals: model.signals, model, transcript });
  const { kept, dropped } = makeConsistent(raw, m, videoFacts(m, model.signals, transcript));
  return { each: kept, shown: mergeRepeats(kept), dropped };
}

/** The findings as the report lists them (consistent, repeats merged). */
export function buildCandidates(m: Metrics, platform: Platform, model: ModelResult, transcript: Transcript | null): Candidate[] {
  return buildFindings(m, platform, model, transcript).shown;
}
