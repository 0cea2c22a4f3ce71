/**
 * The report's fixed word lists (categories, check ids, statuses), apart from its zod schema (schema.ts): a page that
 * only needs to name a category or a check status does not download the validator with them.
 */
/** Issue categories in display order (docs/product.md, Analysis), each with the one label every surface shows. */
export const ISSUE_CATEGORIES = ['hook', 'retention', 'algorithm', 'engagement', 'cta'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<IssueCategory, string> = {
  hook: 'Hook',
  retention: 'Retention',
  algorithm: 'Algorithm',
  engagement: 'Engagement',
  cta: 'Call to Action',
};
/** An issue's severity as the report states it (mapped to high/medium/low by rules/severity.ts). */
export const ISSUE_SEVERITY_LEVELS = ['Critical', 'High', 'Medium', 'Low'] as const;
export const FRAME_TYPES = ['penalty_zone', 'problem_exact', 'problem_context', 'baseline'] as const;
export const PROBLEM_TYPES = ['retention_cliff', 'content', 'visual', 'pacing', 'audio', 'content_quality', 'none'] as const;
export const PROBLEM_SEVERITIES = [
  'breakthrough_killer', 'scale_blocker', 'retention_killer', 'viral_gap', 'editing_gap', 'optimization', 'none',
] as const;

/** The checks of a platform preset, in display order. */
export const PLATFORM_CHECK_IDS = ['length', 'aspect', 'loudness', 'hook', 'safe_zone', 'captions'] as const;
/** not_run: the check needs something this report lacks (e.g. frames read for text), said in the evidence. */
export const PLATFORM_CHECK_STATUSES = ['pass', 'warn', 'fail', 'not_run'] as const;

/** The checks made on the spoken words (from the transcript), in display order. */
export const WORD_CHECK_IDS = ['opening_line', 'hook_topic', 'call_to_action', 'filler_words', 'speaking_rate', 'captions_match'] as const;
export const WORD_CHECK_STATUSES = ['pass', 'warn', 'fail', 'not_run'] as const;
/**
 * Whether the words could be checked: ok (a transcript with speech), not_configured (no speech-to-text service),
 * failed (the service erred), no_audio (no sound track), no_speech (transcribed, nothing said).
 */
export const WORD_TRANSCRIPTION_STATES = ['ok', 'not_configured', 'failed', 'no_audio', 'no_speech'] as const;
