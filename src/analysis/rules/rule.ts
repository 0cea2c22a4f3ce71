/**
 * What a rule is: a small function from the signals computed once per analysis (model/signals.ts) and the retention
 * model to candidate issues. Each candidate carries its evidence (the measured fact), an internal severity and links
 * to the model (penalty sources, global modifiers, the hook) so its potential retention boost can be predicted.
 * Rules run in the order of ./index.ts and see what the rules before them found (to avoid saying one thing twice).
 */
import type { HookTopic } from '@preflight/shared';
import type { Metrics, Segment } from '@preflight/shared';
import type { Platform, PlatformPreset } from '../model/constants';
import type { GlobalModifier, ModelResult } from '../model/retention';
import type { VideoSignals } from '../model/signals';

export type InternalSeverity = 'critical' | 'high' | 'medium' | 'low';
export type Category = 'hook' | 'retention' | 'algorithm' | 'engagement' | 'cta';
export type ProblemType = 'retention_cliff' | 'content' | 'visual' | 'pacing' | 'audio' | 'content_quality' | 'none';

export type IssueCode =
  | 'hook_slow_start'
  | 'hook_black_opening'
  | 'hook_frozen_opening'
  | 'hook_opening_line'
  | 'dead_segment'
  | 'dead_air'
  | 'static_stretch'
  | 'talking_head_no_cut'
  | 'single_take'
  | 'pacing_lull'
  | 'low_energy'
  | 'loudness_quiet'
  | 'loudness_loud'
  | 'clipping'
  | 'too_dark'
  | 'washed_out'
  | 'no_audio'
  | 'silent_audio'
  | 'platform_length'
  | 'platform_aspect'
  | 'platform_orientation'
  | 'long_tail'
  | 'audio_dropout'
  | 'black_gap'
  | 'low_picture_rate'
  | 'missing_cta'
  | 'filler_words'
  | 'safe_zone_text'
  | 'safe_zone_face'
  | 'no_captions';

/**
 * A measured fact about the video that a finding's evidence or advice takes for granted: "cut straight to your first
 * line" presumes speech, "raise the audio" a sound track with something on it, "add contrast" a picture with tones to
 * stretch. ./consistency.ts drops a finding whose presumption the video does not meet.
 */
export type Presumption =
  /** The track carries something to hear (signals.audible). */
  | 'sound'
  /** Someone speaks (speech segments). */
  | 'speech'
  /** A transcript with words in it. */
  | 'words'
  /** The picture has tonal range: not a flat card of one colour (signals.visual.flat). */
  | 'picture_detail';

/**
 * What a finding says about a stretch of the video ("nobody speaks", "without a cut"), checked against the
 * measurements when the report is assembled (./consistency.ts): a finding whose claim the measurements contradict
 * is dropped.
 */
export interface Claim {
  says: 'no_speech' | 'no_cut';
  start_s: number;
  end_s: number;
}

/** One of several moments a merged finding stands for (./consistency.ts mergeRepeats). */
export interface Occurrence {
  time_s: number;
  end_s?: number;
  evidence: string;
  facts: Record<string, string | number>;
}

export interface Candidate {
  code: IssueCode;
  id: string;
  category: Category;
  severity: InternalSeverity;
  /**
   * The severity as a continuous grade from the measured size of the problem: low 0-1, medium 1-2, high 2-3,
   * critical 3-4, the integer part the severity and the fraction how far the size is towards the next severity
   * (see graded()). The score orders videos inside a severity's band by it.
   */
  grade: number;
  problemType: ProblemType;
  time_s: number;
  end_s?: number;
  evidence: string;
  /** Values used by the wording templates. */
  facts: Record<string, string | number>;
  sources?: string[];
  modifiers?: GlobalModifier[];
  hook?: boolean;
  presumes?: Presumption[];
  claims?: Claim[];
  /** Set on a finding that merges several of one rule's findings: each of them, in time order. */
  occurrences?: Occurrence[];
}

/** A rule's finding before the runner gives it its id. */
export type Finding = Omit<Candidate, 'id'>;

export interface Transcript {
  text: string;
  segments: Array<{ start_s: number; end_s: number; text: string }>;
  words?: Array<{ start_s: number; end_s: number; word: string }>;
  hook_topic?: HookTopic;
}

export interface RuleContext {
  m: Metrics;
  /** Duration (s). */
  D: number;
  platform: Platform;
  preset: PlatformPreset;
  signals: VideoSignals;
  model: ModelResult;
  transcript: Transcript | null;
}

export interface RuleResult {
  add: Finding[];
  /** Earlier findings this rule's findings replace (they said the same thing less precisely). */
  replaces?: (earlier: Candidate) => boolean;
}

export interface Rule {
  name: string;
  run(ctx: RuleContext, found: readonly Candidate[]): Finding[] | RuleResult;
}

export const f1 = (v: number) => v.toFixed(1);
/** A share (0-1) as the report writes it: "35 %". */
export const pct = (v: number) => `${Math.round(v * 100)} %`;
/** "TikTok's", "Instagram Reels'": the possessive of a platform name. */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);
export const r0 = (v: number) => Math.round(v);

const sevRank: Record<InternalSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
export const severityRank = (s: InternalSeverity) => sevRank[s];

/** The integer part of a grade for each severity. */
export const SEVERITY_LEVEL: Record<InternalSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const BY_LEVEL: InternalSeverity[] = ['low', 'medium', 'high', 'critical'];
/** A grade's fraction stays below 1, so a size never reaches the next severity's grade without its severity. */
const WITHIN_MAX = 0.999;

/**
 * How a rule turns a measured size into a severity: the size from which each severity starts (the same thresholds the
 * rule's docs give), and past the highest one, the further size at which the problem is "halfway to the worst" (the
 * grade then keeps growing with the size but never reaches the next severity: more is always worse, never unbounded).
 */
export interface SeverityScale {
  from: Partial<Record<InternalSeverity, number>>;
  halfBeyond: number;
}

export interface Graded {
  severity: InternalSeverity;
  grade: number;
}

/**
 * The severity and the continuous grade of a measured size (null below the lowest threshold): inside a severity the
 * grade grows linearly from the severity's threshold to the next one's, and past the highest threshold as
 * d / (d + halfBeyond) of the distance d beyond it. Strictly increasing in the size within a severity.
 */
export function graded(size: number, scale: SeverityScale): Graded | null {
  const steps = BY_LEVEL.filter((s) => scale.from[s] !== undefined).map((s) => ({ s, at: scale.from[s]! }));
  let k = -1;
  for (let i = 0; i < steps.length; i++) if (size >= steps[i].at) k = i;
  if (k < 0) return null;
  const { s, at } = steps[k];
  const next = steps[k + 1];
  const d = size - at;
  const within = next ? d / (next.at - at) : d / (d + scale.halfBeyond);
  return { severity: s, grade: SEVERITY_LEVEL[s] + Math.min(WITHIN_MAX, Math.max(0, within)) };
}

/** A severity with no size to order by (e.g. no audio track), or a share (0-1) of how far it is towards the next. */
export function fixedGrade(severity: InternalSeverity, within = 0): Graded {
  return { severity, grade: SEVERITY_LEVEL[severity] + Math.min(WITHIN_MAX, Math.max(0, within)) };
}

/** Keys of the model's penalty sources of these kinds that overlap the segment (what fixing the issue removes). */
export function sourcesIn(model: ModelResult, kinds: string[], seg: Segment): string[] {
  return model.sources
    .filter((s) => kinds.includes(s.kind) && Math.min(s.end_s, seg.end_s) - Math.max(s.start_s, seg.start_s) > 0.1)
    .map((s) => s.key);
}
