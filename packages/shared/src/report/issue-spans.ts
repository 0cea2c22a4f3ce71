/**
 * The stretches of the video a prevention issue is about, from its contract fields (schema.ts). Apart from the zod
 * schema so that the export menu and the marker builders do not carry the validator.
 */
import type { PreventionIssue } from './schema';

/** One stretch an issue describes, in seconds of its video (start = end for an instant). */
export interface IssueSpan {
  start_s: number;
  end_s: number;
}

/**
 * Every stretch of the video an issue is about: one per moment, each from its start to its end. Markers span these
 * and a comparison matches issues on them; a report made before ends were recorded gives instants.
 */
export function issueSpans(issue: Pick<PreventionIssue, 'timestamp_seconds' | 'moments_seconds' | 'end_seconds' | 'moment_ends_seconds'>): IssueSpan[] {
  const starts = issue.moments_seconds ?? [issue.timestamp_seconds];
  const ends = issue.moments_seconds ? issue.moment_ends_seconds : issue.end_seconds !== undefined ? [issue.end_seconds] : undefined;
  return starts.map((start_s, i) => ({ start_s, end_s: Math.max(start_s, ends?.[i] ?? start_s) }));
}
