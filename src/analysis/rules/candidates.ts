/**
 * Candidate issues (style-independent): the rules of ./index.ts run over the signals computed once per analysis.
 * Wording per feedback style is in ./wording.ts; selection per style in ../derive.ts (selectCandidates). This module
 * also turns candidates into the score's inputs (severity penalties, the cap of the worst finding).
 */
import type { Metrics } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform } from '../model/constants';
import type { ModelResult } from '../model/retention';
import { runRules } from './index';
import type { Candidate, Transcript } from './rule';

export type { Candidate, Category, InternalSeverity, IssueCode, ProblemType, Transcript } from './rule';
export { severityRank } from './rule';
export { loudnessGapSeverity } from './loudness';

/** Every rule's candidates for these metrics, from the model's signals (computed once, in runModel). */
export function buildCandidates(m: Metrics, platform: Platform, model: ModelResult, transcript: Transcript | null): Candidate[] {
  return runRules({ m, D: m.duration_s, platform, preset: PLATFORM_PRESETS[platform], signals: model.signals, model, transcript });
}

/** The best overall performance score the worst finding allows (C.SEVERITY_SCORE_CAP); 100 without findings. */
export function performanceCap(cands: Candidate[]): number {
  return cands.reduce((cap, c) => Math.min(cap, C.SEVERITY_SCORE_CAP[c.severity] ?? 100), 100);
}

/** Sum of severity penalties for the risk score (all candidates; style does not change the risk). */
export function issuePenalty(cands: Candidate[]): number {
  return Math.min(1, cands.reduce((a, c) => a + (C.ISSUE_PENALTY[c.severity] ?? 0), 0));
}
