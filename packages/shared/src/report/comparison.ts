/**
 * A comparison of two cuts (versions) of one video: the answer of GET /api/compare?a=&b=, of a shared comparison
 * (GET /public/compare/share/{token}) and what the comparison PDF prints. Computed from the two stored reports (no
 * decoding again). "A" is the earlier or reference cut, "B" the new one; every delta is B minus A.
 */
import { z } from 'zod';
import { ISSUE_CATEGORIES } from './vocabulary';
import { PLATFORMS } from '../rules/platform';
import { OPTIMIZATION_LABELS } from '../rules/score';

const seconds = z.number().finite().min(0);
const pct = z.number().min(0).max(100);
export const COMPARED_ISSUE_STATES = ['fixed', 'new', 'remaining'] as const;
export const ALIGNED_STRETCH_KINDS = ['matched', 'removed', 'added'] as const;
export const COMPARISON_WINNERS = ['a', 'b', 'even'] as const;

/** One version as the comparison shows it. */
export const ComparedVersionSchema = z.object({
  report_id: z.string().uuid(),
  filename: z.string(),
  duration_s: seconds,
  overall_score: z.number().int().min(0).max(100),
  optimization_label: z.enum(OPTIMIZATION_LABELS),
  platform: z.enum(PLATFORMS),
  /** Predicted % still watching at the end of the hook window. */
  predicted_hook_hold: pct,
  /** Predicted average % of the video watched. */
  predicted_average_watch_pct: pct,
  issue_count: z.number().int().min(0),
});
export type ComparedVersion = z.infer<typeof ComparedVersionSchema>;

/**
 * The aligned timeline: A's content in A's order, with B-only content inserted where it sits in B. A stretch is
 * `matched` (the same content in both cuts), `removed` (in A only) or `added` (in B only). aligned_* are positions on
 * this common timeline; a_* / b_* are times in each cut (null where that cut lacks the stretch).
 */
export const AlignedStretchSchema = z.object({
  kind: z.enum(ALIGNED_STRETCH_KINDS),
  aligned_start_s: seconds,
  aligned_end_s: seconds,
  a_start_s: seconds.nullable(),
  a_end_s: seconds.nullable(),
  b_start_s: seconds.nullable(),
  b_end_s: seconds.nullable(),
});
export type AlignedStretch = z.infer<typeof AlignedStretchSchema>;

/** A point of a predicted retention curve: its time in its own cut and its place on the aligned timeline. */
export const ComparedRetentionPointSchema = z.object({ t_s: seconds, aligned_s: seconds, retention_pct: pct });

/** One side of a compared issue. */
export const ComparedIssueSideSchema = z.object({
  issue_id: z.string(),
  timestamp_s: seconds,
  evidence: z.string(),
  /** The severity the report itself shows for the issue (high, medium, low; named by SEVERITY_LABELS everywhere). */
  severity: z.enum(['high', 'medium', 'low']),
  /** Signed URL of the issue's frame in that cut; absent when frames are gone or for a caller who may not see them. */
  frame_url: z.string().optional(),
});
export type ComparedIssueSide = z.infer<typeof ComparedIssueSideSchema>;

/** An issue of either cut: fixed (A only), new (B only) or remaining (both, at matching content). */
export const ComparedIssueSchema = z.object({
  state: z.enum(COMPARED_ISSUE_STATES),
  title: z.string(),
  category: z.enum(ISSUE_CATEGORIES),
  a: ComparedIssueSideSchema.nullable(),
  b: ComparedIssueSideSchema.nullable(),
});
export type ComparedIssue = z.infer<typeof ComparedIssueSchema>;

/** Which cut holds viewers better over one stretch of viewing time (e.g. the first 6 s, after 0:40). */
export const ComparedWindowSchema = z.object({
  label: z.string(),
  start_s: seconds,
  end_s: seconds,
  a_retention_pct: pct,
  b_retention_pct: pct,
  stronger: z.enum(COMPARISON_WINNERS),
});

export const ComparisonSchema = z.object({
  a: ComparedVersionSchema,
  b: ComparedVersionSchema,
  alignment: z.object({
    stretches: z.array(AlignedStretchSchema),
    /** Share of B's duration matched to content of A (0-1). */
    coverage_b: z.number().min(0).max(1),
    /** Share of A's duration matched to content of B (0-1): matching is symmetric, so a trim is found whole in its original. */
    coverage_a: z.number().min(0).max(1),
    /**
     * False when too little of the shorter cut is found in the longer one for the two files to be cuts of one video;
     * the comparison then says so. The same whichever cut is A.
     */
    same_video: z.boolean(),
    /** How the cuts were aligned, in one line a creator can read. */
    method: z.string(),
  }),
  score_delta: z.number().int().min(-100).max(100),
  retention: z.object({
    a: z.array(ComparedRetentionPointSchema),
    b: z.array(ComparedRetentionPointSchema),
  }),
  issues: z.array(ComparedIssueSchema),
  windows: z.array(ComparedWindowSchema),
  /** Which cut to post (even when neither is clearly better). */
  recommended: z.enum(COMPARISON_WINNERS),
  /** One line, e.g. "B is stronger in the first 6 seconds; A holds better after 0:40". */
  verdict: z.string().min(1),
  /** Always true: the curves and scores are model predictions. */
  predictions_are_estimates: z.literal(true),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

export function parseComparison(data: unknown): Comparison {
  return ComparisonSchema.parse(data);
}

/** Both directions of the match in one line, A first: "100% of A found in B; 43% of B found in A." (web and PDF). */
export function coverageLine(alignment: Pick<Comparison['alignment'], 'coverage_a' | 'coverage_b'>): string {
  return `${Math.round(alignment.coverage_a * 100)}% of A found in B; ${Math.round(alignment.coverage_b * 100)}% of B found in A.`;
}
