/** The measured-retention contract (docs/api.md): the comparison the API serves, as zod schemas (the only source). */
import { z } from 'zod';

export const MeasuredPointSchema = z.object({ t_s: z.number().min(0), retention_pct: z.number().min(0) });
export type MeasuredPoint = z.infer<typeof MeasuredPointSchema>;

export const ComparedDropOffSchema = z.object({
  time_s: z.number().min(0),
  timestamp: z.string(),
  cause: z.string(),
  predicted_loss: z.number().min(0),
  /** The measured curve falls here by clearly more than it usually does over the same time. */
  confirmed: z.boolean(),
  /** The largest measured fall (points) in the window around the drop-off, beyond the curve's usual fall. */
  measured_excess_fall: z.number().nullable(),
});
export type ComparedDropOff = z.infer<typeof ComparedDropOffSchema>;

export const RetentionComparisonSchema = z.object({
  duration_s: z.number().min(0),
  /** One point per predicted second; measured_pct is null outside the measured range. */
  points: z.array(z.object({ t_s: z.number().min(0), predicted_pct: z.number(), measured_pct: z.number().nullable() })),
  /** The measured curve as stored, on the video's seconds. */
  measured: z.array(MeasuredPointSchema),
  drop_offs: z.array(ComparedDropOffSchema),
  /** Predicted minus measured, averaged over the compared seconds (positive: the prediction was too high). */
  mean_bias_pts: z.number(),
  /** Mean absolute difference over the compared seconds. */
  mean_abs_error_pts: z.number().min(0),
  hook: z.object({ at_s: z.number().min(0), predicted_pct: z.number(), measured_pct: z.number() }),
  /** Share of the video the measured curve covers (0-1). */
  coverage: z.number().min(0).max(1),
  /** The error in plain words, for the report. */
  summary: z.string(),
});
export type RetentionComparison = z.infer<typeof RetentionComparisonSchema>;

export const MEASURED_SOURCES = ['csv', 'json', 'youtube'] as const;
export type MeasuredSource = (typeof MEASURED_SOURCES)[number];

/** GET /api/reports/{id}/measured-retention: the stored curve against the report's prediction, or null. */
export const MeasuredRetentionViewSchema = z.object({
  measured: z
    .object({
      source: z.enum(MEASURED_SOURCES),
      added_at: z.string(),
      comparison: RetentionComparisonSchema,
    })
    .nullable(),
});
export type MeasuredRetentionView = z.infer<typeof MeasuredRetentionViewSchema>;

/** The model's calibration to the creator's own posted videos, as applied to a report (docs/report-format.md, Calibration). */
export const RetentionCalibrationSchema = z.object({
  status: z.enum(['calibrated', 'uncalibrated']),
  /** Measured videos of the creator the calibration looked at. */
  videos: z.number().int().min(0),
  /** Leave-one-out mean absolute error (points): each video predicted by a calibration fitted on the others. */
  loo_error_pts: z.number().min(0).nullable(),
  /** The general model's mean absolute error on the same videos. */
  uncalibrated_error_pts: z.number().min(0).nullable(),
  /** The multipliers applied; null when uncalibrated. */
  params: z
    .object({ start_level: z.number().min(0.5).max(1), hook_mult: z.number().positive(), decay_mult: z.number().positive(), penalty_mult: z.number().min(0) })
    .nullable(),
  /** In plain words, for the report. */
  note: z.string(),
});
export type RetentionCalibration = z.infer<typeof RetentionCalibrationSchema>;
