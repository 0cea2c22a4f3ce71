/**
 * How outspoken the report's wording is (docs/product.md, "Feedback style"): chosen at upload, changeable on the
 * analysis page (a re-derivation, no new decode).
 */
export const FEEDBACK_STYLES = ['gentle', 'balanced', 'brutal'] as const;
export type FeedbackStyle = (typeof FEEDBACK_STYLES)[number];
export const DEFAULT_FEEDBACK_STYLE: FeedbackStyle = 'balanced';

export const FEEDBACK_STYLE_META: Record<FeedbackStyle, { label: string; hint: string }> = {
  gentle: { label: 'Gentle', hint: 'Encouraging, only the essentials' },
  balanced: { label: 'Balanced', hint: 'Honest and constructive' },
  brutal: { label: 'Brutal', hint: 'Every flaw, no sugar-coating' },
};

export const isFeedbackStyle = (value: unknown): value is FeedbackStyle =>
  typeof value === 'string' && (FEEDBACK_STYLES as readonly string[]).includes(value);
