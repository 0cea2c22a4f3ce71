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
  | 'missing_cta'
  | 'filler_words'
  | 'safe_zone_text'
  | 'safe_zone_face'
  | 'no_captions';

export interface Candidate {
  code: IssueCode;
  id: string;
  category: Category;
  severity: InternalSeverity;
  problemType: ProblemType;
  time_s: number;
  end_s?: number;
  evidence: string;
  /** Values used by the wording templates. */
  facts: Record<string, string | number>;
  sources?: string[];
  modifiers?: GlobalModifier[];
  hook?: boolean;
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

/** Keys of the model's penalty sources of these kinds that overlap the segment (what fixing the issue removes). */
export function sourcesIn(model: ModelResult, kinds: string[], seg: Segment): string[] {
  return model.sources
    .filter((s) => kinds.includes(s.kind) && Math.min(s.end_s, seg.end_s) - Math.max(s.start_s, seg.start_s) > 0.1)
    .map((s) => s.key);
}
