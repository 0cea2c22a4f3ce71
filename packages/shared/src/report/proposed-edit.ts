/**
 * The proposed edit (docs/report-format.md, proposed_edit; issue 42): the stretches the engine proposes to remove, each
 * with the reason the creator reads and the finding it answers, and the retention the model predicts before and after
 * the cut. Optional in report.json: reports made before it existed load without it (the API proposes one from their
 * stored metrics).
 */
import { z } from 'zod';

const seconds = z.number().finite().min(0);

export const EDIT_CUT_KINDS = ['slow_start', 'dead_air', 'pause', 'dead_ending', 'manual'] as const;
export type EditCutKind = (typeof EDIT_CUT_KINDS)[number];

/** What the proposal keeps around speech and leaves alone (every length in seconds). */
export const EditSettingsSchema = z.object({
  /** Kept before each speech segment. */
  margin_before_s: z.number().min(0).max(2),
  /** Kept after each speech segment (word endings). */
  margin_after_s: z.number().min(0).max(2),
  /** Silences shorter than this are left alone. */
  min_silence_s: z.number().min(0).max(10),
  /** No kept piece of the video is shorter than this. */
  min_kept_s: z.number().min(0).max(5),
  /** Pauses between sentences kept at this length instead of removed; null = off (the default). */
  shorten_pauses_to_s: z.number().min(0).max(10).nullable(),
});
export type EditSettings = z.infer<typeof EditSettingsSchema>;

export const EditCutSchema = z.object({
  start_s: seconds,
  end_s: seconds,
  kind: z.enum(EDIT_CUT_KINDS),
  /** "0:17–0:40 dead air: 23 s with no speech and a static picture". */
  reason: z.string().min(1),
  /** The report finding this cut answers (an issue id of the report), null when no finding covers it (a short pause). */
  finding_id: z.string().min(1).nullable(),
  enabled: z.boolean(),
});
export type EditCut = z.infer<typeof EditCutSchema>;

/** One side of "before → after": the video's length and what the model predicts viewers watch of it. */
export const EditRetentionSchema = z.object({
  duration_s: seconds,
  /** Predicted average view duration (s). */
  average_view_s: seconds,
  /** Predicted share of viewers still watching at the end (%). */
  end_share_pct: z.number().min(0).max(100),
});
export type EditRetention = z.infer<typeof EditRetentionSchema>;

export const ProposedEditSchema = z.object({
  settings: EditSettingsSchema,
  /** The source's frame rate as a fraction (30000/1001 for 29.97): every edge sits on a frame of it. */
  frame_rate: z.object({ num: z.number().int().min(1), den: z.number().int().min(1) }),
  /** The audio fade at each cut (one frame), so no cut clicks. */
  audio_fade_s: seconds,
  cuts: z.array(EditCutSchema),
  /** Seconds kept with the enabled cuts applied. */
  kept_seconds: seconds,
  /** Set when nothing is worth removing: says so in words. */
  note: z.string().nullable(),
  before: EditRetentionSchema,
  after: EditRetentionSchema,
  /** The model re-run on the edited timeline (times of the tightened cut), one point per second. */
  after_curve: z.array(z.object({ t_s: seconds, retention_pct: z.number().min(0).max(100) })),
  /** Findings the edit fixes (their rule no longer finds them on the edited timeline). */
  fixed_finding_ids: z.array(z.string()),
});
export type ProposedEdit = z.infer<typeof ProposedEditSchema>;
