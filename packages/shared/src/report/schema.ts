/**
 * The report.json format (documented in docs/report-format.md): the one contract. The engine validates with it on
 * write, the API on read, the OpenAPI document embeds its JSON Schema, and the web app validates with it once.
 * Other modules import the schema and types from here.
 */
import { z } from 'zod';
import { FEEDBACK_STYLES } from '../rules/feedback-style';
import { PLATFORM_CHOICES, PLATFORMS } from '../rules/platform';
import { RetentionCalibrationSchema } from '../measured/schema';
import { ProposedEditSchema } from './proposed-edit';
import { OPTIMIZATION_LABELS } from '../rules/score';
import {
  FRAME_TYPES,
  ISSUE_CATEGORIES,
  ISSUE_SEVERITY_LEVELS,
  PLATFORM_CHECK_IDS,
  PLATFORM_CHECK_STATUSES,
  PROBLEM_SEVERITIES,
  PROBLEM_TYPES,
  WORD_CHECK_IDS,
  WORD_CHECK_STATUSES,
  WORD_TRANSCRIPTION_STATES,
} from './vocabulary';


const mss = z.string().regex(/^\d+:[0-5]\d$/, 'm:ss');
const seconds = z.number().finite().min(0);
export const SegmentSchema = z.object({ start_s: seconds, end_s: seconds });
/** A box on the frame as fractions of its width and height (0-1, origin top left). */
const fraction = z.number().min(0).max(1);
export const BoxSchema = z.object({ x: fraction, y: fraction, w: fraction, h: fraction });
export type Box = z.infer<typeof BoxSchema>;
export type Segment = z.infer<typeof SegmentSchema>;

/** A prevention issue (docs/product.md, Data shapes) with its evidence. */
export const PreventionIssueSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  fix: z.string().min(1),
  severity: z.enum(['high', 'medium', 'low']),
  category: z.enum(ISSUE_CATEGORIES),
  timestamp: mss,
  impactScore: z.number().int().min(0).max(100),
  /** The measured fact behind the issue. */
  evidence: z.string().min(1),
  timestamp_seconds: seconds,
  /**
   * When one issue stands for the same problem at several moments (three still, silent stretches): every moment's
   * time, in order, the first being `timestamp_seconds`. Absent for an issue at one moment and in older reports.
   */
  moments_seconds: z.array(seconds).min(2).optional(),
  /**
   * Percentage points more of the starting audience predicted to be still watching at the end if this fix alone is
   * made (the retention model re-run with this finding's cause removed; a model estimate). prevention_fixes is ordered
   * by it, largest first. Absent in reports made before it existed (their order is read from the stored boosts).
   */
  retention_gain_pct: z.number().min(0).max(100).optional(),
  /**
   * Where the stretch the issue describes ends (a dead air from 0:25 to 0:34: 34); for an issue of several moments,
   * where the last one ends. Absent for an issue at an instant and in older reports.
   */
  end_seconds: seconds.optional(),
  /** With moments_seconds: where each moment's stretch ends, in the same order (a moment at an instant: its start). */
  moment_ends_seconds: z.array(seconds).min(2).optional(),
});
export type PreventionIssue = z.infer<typeof PreventionIssueSchema>;

export const MetricsSchema = z.object({
  duration_s: seconds,
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  aspect_ratio: z.number().min(0),
  fps: z.number().min(0),
  has_audio: z.boolean(),
  /** Hard cuts: the time (s) of the first frame of each new shot. */
  cuts: z.array(seconds),
  /** Median shot length (s) between cuts (whole video when there are no cuts). */
  median_shot_s: seconds,
  speech_segments: z.array(SegmentSchema),
  first_speech_s: seconds.nullable(),
  last_speech_end_s: seconds.nullable(),
  /** Share of the video with someone speaking (0-1). */
  speech_ratio: z.number().min(0).max(1),
  silences: z.array(SegmentSchema),
  /**
   * The audio track over time as contiguous speech / music / other / silence segments covering the whole duration
   * (empty without an audio track). Speech-based findings use only `speech`. Absent in reports made before it existed.
   */
  audio_classes: z.array(SegmentSchema.extend({ class: z.enum(['speech', 'music', 'other', 'silence']) })).default([]),
  black_segments: z.array(SegmentSchema),
  frozen_segments: z.array(SegmentSchema),
  /** Stretches with (almost) no picture change and no cut. */
  static_segments: z.array(SegmentSchema),
  loudness: z.object({
    integrated_lufs: z.number().nullable(),
    true_peak_dbtp: z.number().nullable(),
    loudness_range_lu: z.number().nullable(),
    /** Momentary loudness per second (LUFS, -70 = silence). Empty when there is no audio. */
    track: z.array(z.number()),
  }),
  /**
   * Text burned into the picture, read by OCR on the sampled frames: one entry per line of text per frame, with its box
   * as fractions of the frame (0-1, origin top left). Captions are the lines that change with the speech near the
   * bottom or middle. Empty when no text was found; absent in reports made before it existed.
   */
  on_screen_text: z
    .array(
      z.object({
        time_s: seconds,
        text: z.string(),
        box: BoxSchema,
        /** OCR confidence 0-100 (the line's: the mean of its words'). */
        confidence: z.number().min(0).max(100),
        /** The least confident word of the line (0-100); absent in reports made before it was stored. */
        min_word_confidence: z.number().min(0).max(100).optional(),
      }),
    )
    .optional(),
  /** Faces found by the face detector on the same frames, boxes as for on_screen_text; absent in older reports. */
  faces: z
    .array(z.object({ time_s: seconds, box: BoxSchema, score: z.number().min(0).max(1) }))
    .optional(),
  /**
   * Times (s) of the frames read for text and faces (their denominators: "in 3 of 12 frames"). Absent when they
   * were not read (older reports, or the models could not run: see report_metadata.warnings).
   */
  vision_frames_s: z.array(seconds).optional(),
  /**
   * A content fingerprint finer than the per-second tracks, for aligning two cuts of one video (compare): audio
   * energy at 10 Hz (dBFS of 100 ms blocks, floor -90; empty without audio) and picture at 4 Hz (mean luma 0-255
   * and luma change from the previous sample). Absent in reports made before it existed.
   */
  fingerprint: z
    .object({
      audio_rate_hz: z.literal(10),
      audio_db: z.array(z.number()),
      video_rate_hz: z.literal(4),
      luma: z.array(z.number()),
      motion: z.array(z.number()),
    })
    .optional(),
  /** Per-second tracks measured on a 160 px copy: motion = mean luma change between samples 0.25 s apart (0-255). */
  tracks: z.object({
    interval_s: z.literal(1),
    motion: z.array(z.number()),
    brightness: z.array(z.number()),
    saturation: z.array(z.number()),
    contrast: z.array(z.number()),
  }),
});
export type Metrics = z.infer<typeof MetricsSchema>;

export const DetailedItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  problem_description: z.string(),
  actionable_recommendation_short: z.string(),
  severity: z.enum(ISSUE_SEVERITY_LEVELS),
  category: z.enum(ISSUE_CATEGORIES),
  timestamp_start: mss,
  timestamp_seconds: seconds,
  frame_image_path: z.string().optional(),
  thumbnail_url: z.string().optional(),
  /** Predicted gain in average % of the video watched if fixed (percentage points; model estimate). */
  potential_retention_boost: z.number().min(0),
  evidence: z.string(),
});
export type DetailedItem = z.infer<typeof DetailedItemSchema>;

export const HookActionItemSchema = z.object({
  id: z.string(),
  problem: z.string(),
  quick_suggestion: z.string(),
  timestamp: mss,
  timestamp_seconds: seconds,
  evidence: z.string(),
  severity: z.enum(ISSUE_SEVERITY_LEVELS),
  potential_retention_boost: z.number().min(0),
  frame_image_path: z.string().optional(),
});
export type HookActionItem = z.infer<typeof HookActionItemSchema>;

export const PredictiveFrameSchema = z.object({
  timestamp_string: mss,
  timestamp_seconds: seconds,
  thumbnail_url: z.string().optional(),
  frame_image_path: z.string(),
  frame_type: z.enum(FRAME_TYPES),
  problem_type: z.enum(PROBLEM_TYPES),
  problem_severity: z.enum(PROBLEM_SEVERITIES),
  /** Predicted % of viewers gone by this moment (100 - predicted retention). */
  drop_off_rate: z.number().min(0).max(100),
  fix_suggestion: z.string(),
  title: z.string().optional(),
  issue_id: z.string().optional(),
});
export type PredictiveFrame = z.infer<typeof PredictiveFrameSchema>;

export const DropOffSchema = z.object({
  time_s: seconds,
  timestamp: mss,
  /** Second where the predicted hazard of this event peaks. */
  peak_s: seconds,
  /** The evidence interval: the stretch the cause names (start_s < end_s, inside the video, containing time_s and
   * peak_s). Absent in reports made before it existed. */
  start_s: seconds.optional(),
  end_s: seconds.optional(),
  /** Percentage points of the starting audience predicted to leave because of this event. */
  predicted_loss: z.number().min(0).max(100),
  cause: z.string(),
  cause_code: z.string(),
});
export type DropOff = z.infer<typeof DropOffSchema>;

export const RatedSegmentSchema = z.object({
  start_s: seconds,
  end_s: seconds,
  rating: z.enum(['engaging', 'neutral', 'flat']),
  /** 0-1 engagement (speech, movement, fresh cuts, energy). */
  score: z.number().min(0).max(1),
  reasons: z.array(z.string()),
  frame_image_path: z.string().optional(),
});
export type RatedSegment = z.infer<typeof RatedSegmentSchema>;

export const FrameRefSchema = z.object({ time_s: seconds, path: z.string() });


/** One check of the applied preset against what was measured (docs/report-format.md, platform_preset). */
export const PlatformCheckSchema = z.object({
  id: z.enum(PLATFORM_CHECK_IDS),
  /** fail: a finding of medium severity or more; warn: a low-severity note; pass: no finding. */
  status: z.enum(PLATFORM_CHECK_STATUSES),
  /** What the video has, e.g. "0:42", "1080 × 1920 (9:16)", "-17.2 LUFS". */
  measured: z.string().min(1),
  /** What the platform asks for, e.g. "up to 3:00", "-14 LUFS". */
  target: z.string().min(1),
  /** The measured fact behind the status: the finding's evidence when a rule fired, else why it passes. */
  evidence: z.string().min(1),
  /**
   * The frame that shows it (safe zone): the covered bands of the platform's interface and the boxes found under
   * them, as fractions of the frame; the report's frame nearest `time_s` is the picture.
   */
  overlay: z.object({ time_s: seconds, zones: z.array(BoxSchema), boxes: z.array(BoxSchema) }).optional(),
});
export type PlatformCheck = z.infer<typeof PlatformCheckSchema>;

export const PlatformPresetSchema = z.object({
  platform: z.enum(PLATFORMS),
  requested: z.enum(PLATFORM_CHOICES),
  /** Why `auto` chose this platform (shape and length against the rule); null when the creator chose it. */
  auto_reason: z.string().nullable(),
  checks: z.array(PlatformCheckSchema),
});
export type PlatformPresetResult = z.infer<typeof PlatformPresetSchema>;


/** One check on the spoken words (docs/report-format.md, word_checks). */
export const WordCheckSchema = z.object({
  id: z.enum(WORD_CHECK_IDS),
  /** fail / warn / pass as for platform checks; not_run when there were no words to check. */
  status: z.enum(WORD_CHECK_STATUSES),
  /** The measured fact behind the status, or why the check was not run. */
  evidence: z.string().min(1),
});
export type WordCheck = z.infer<typeof WordCheckSchema>;

/**
 * The hook's first sentence against the topic of the rest of the transcript, as the language model judged it:
 * checked (with its answer), failed (the service erred), or too_short (too few words after the hook to tell).
 */
export const HookTopicSchema = z.object({
  status: z.enum(['checked', 'failed', 'too_short']),
  /** The first sentence, as transcribed. */
  hook: z.string(),
  on_topic: z.boolean().optional(),
  hook_topic: z.string().optional(),
  video_topic: z.string().optional(),
  reason: z.string().optional(),
});
export type HookTopic = z.infer<typeof HookTopicSchema>;

/** Measured from the transcript's word (else segment) timestamps (docs/report-format.md, word_checks.pace). */
export const SpeechPaceSchema = z.object({
  words: z.number().int().min(0),
  /** Seconds of speaking: inside runs of timed words (pauses under 0.5 s included), else inside the segments. */
  speaking_s: z.number().min(0),
  words_per_minute: z.number().min(0),
  fillers: z.number().int().min(0),
  filler_words: z.array(z.string()),
  fillers_per_minute: z.number().min(0),
  fillers_per_100_words: z.number().min(0),
  /** Where the speaking rate changes sharply between consecutive stretches of speech. */
  rate_changes: z.array(z.object({ time_s: seconds, from_wpm: z.number().min(0), to_wpm: z.number().min(0) })),
  first_filler_s: seconds.nullable(),
});
export type SpeechPaceResult = z.infer<typeof SpeechPaceSchema>;

export const WordChecksSchema = z.object({
  transcription: z.enum(WORD_TRANSCRIPTION_STATES),
  /** The measures behind the filler and speaking-rate checks; present when the words were checked. */
  pace: SpeechPaceSchema.optional(),
  /** One line a creator reads, e.g. "Words not checked: no speech-to-text service is configured (OPENAI_API_KEY)". */
  note: z.string().min(1),
  checks: z.array(WordCheckSchema),
});
export type WordChecksResult = z.infer<typeof WordChecksSchema>;

export const ReportSchema = z.object({
  schema_version: z.literal(1),
  video_info: z.object({
    original_filename: z.string(),
    duration_seconds: seconds,
    width: z.number().int(),
    height: z.number().int(),
    aspect_ratio: z.string(),
    orientation: z.enum(['vertical', 'horizontal', 'square']),
    rotation: z.number().int(),
    fps: z.number(),
    variable_frame_rate: z.boolean(),
    video_codec: z.string(),
    audio_codec: z.string().nullable(),
    /** The audio stream's channels and sample rate (the edit's export needs them); absent in reports made before. */
    audio_channels: z.number().int().min(0).optional(),
    audio_sample_rate: z.number().int().min(0).optional(),
    has_audio: z.boolean(),
    file_size_bytes: z.number().int().min(0),
    container: z.string(),
  }),
  overall_score_and_recommendations: z.object({
    /** 100 - viral_risk_score. */
    overall_performance_score: z.number().int().min(0).max(100),
    /** Band label of overall_performance_score (docs/product.md, Rules › Scores and labels). */
    optimization_label: z.enum(OPTIMIZATION_LABELS),
    risk_level: z.enum(['high', 'medium', 'low']),
    summary: z.string(),
    top_recommendations: z.array(z.string()),
    /**
     * The score the video would get with its findings that can be fixed in the edit fixed (the same score, re-run on
     * the model without their causes); never below overall_performance_score. Absent in reports made before it existed.
     */
    score_if_fixed: z.number().int().min(0).max(100).optional(),
    /** How many of the findings (repeats merged) score_if_fixed assumes fixed. Absent in older reports. */
    fixable_issue_count: z.number().int().min(0).optional(),
  }),
  viral_hook: z.object({
    first_speech_s: seconds.nullable(),
    /** Predicted share of viewers still watching at the end of the hook window (model estimate). */
    predicted_hook_hold: z.number().min(0).max(100),
    hook_window_s: seconds,
    action_items: z.array(HookActionItemSchema),
  }),
  detailed_analysis: z.array(DetailedItemSchema),
  report_metadata: z.object({
    engine: z.literal('preflight-analysis'),
    engine_version: z.string(),
    model_version: z.string(),
    generated_at: z.string(),
    feedback_style: z.enum(FEEDBACK_STYLES),
    platform_requested: z.enum(PLATFORM_CHOICES),
    platform: z.enum(PLATFORMS),
    /** Always true: retention, drop-offs and scores are model predictions, not viewer measurements. */
    predictions_are_estimates: z.literal(true),
    prediction_note: z.string(),
    analysis_seconds: z.number().min(0),
    issue_count: z.number().int().min(0),
    candidate_issue_count: z.number().int().min(0),
    ai_enrichment: z.object({
      status: z.enum(['off', 'ok', 'partial', 'failed']),
      transcription: z.enum(['off', 'ok', 'failed']),
      rewrite: z.enum(['off', 'ok', 'failed']),
      model: z.string().optional(),
      error: z.string().optional(),
    }),
    warnings: z.array(z.string()),
    rederived_from: z.string().optional(),
  }),
  predictive_frames: z.array(PredictiveFrameSchema),
  prevention_analytics: z.object({
    viral_risk_score: z.number().int().min(0).max(100),
    predicted_drop_off_rate: z.number().min(0).max(100),
    predicted_watch_time_loss: z.number().min(0).max(100),
    prevention_roi: z.object({
      total_roi: z.number().min(0),
      currency: z.literal('GBP'),
      predicted_watch_time_gain_percent: z.number(),
      baseline_avg_watch_s: z.number().min(0),
      improved_avg_watch_s: z.number().min(0),
      assumptions: z.array(z.string()),
    }),
    prevention_fixes: z.array(PreventionIssueSchema),
  }),
  metrics: MetricsSchema,
  retention_curve: z.object({
    predicted: z.literal(true),
    label: z.string(),
    interval_s: z.literal(1),
    points: z.array(z.object({ t_s: seconds, retention_pct: z.number().min(0).max(100) })),
  }),
  /** The creator's calibration applied to retention_curve, drop_offs and the scores. Absent in reports made before it existed (= uncalibrated). */
  retention_calibration: RetentionCalibrationSchema.optional(),
  drop_offs: z.array(DropOffSchema),
  segments: z.array(RatedSegmentSchema),
  transcript: z
    .object({
      text: z.string(),
      segments: z.array(z.object({ start_s: seconds, end_s: seconds, text: z.string() })),
      /** Each word with its own times, when the service gives them. Absent in reports made before it existed. */
      words: z.array(z.object({ start_s: seconds, end_s: seconds, word: z.string() })).optional(),
      /** The hook's first sentence checked against what the rest of the video is about (word_checks.hook_topic). */
      hook_topic: HookTopicSchema.optional(),
    })
    .nullable(),
  /** Every frame extracted (first frame, issues, drop-offs, timeline sampling); paths relative to the report folder. */
  frames: z.array(FrameRefSchema),
  /** The applied platform preset and each of its checks. Absent in reports made before it existed. */
  platform_preset: PlatformPresetSchema.optional(),
  /** Which checks on the spoken words ran, and why not when they did not. Absent in reports made before it existed. */
  word_checks: WordChecksSchema.optional(),
  /** The cuts the engine proposes and the retention they buy (issue 42). Absent in reports made before it existed. */
  proposed_edit: ProposedEditSchema.optional(),
});
export type Report = z.infer<typeof ReportSchema>;

export function validateReport(r: unknown): Report {
  return ReportSchema.parse(r);
}
