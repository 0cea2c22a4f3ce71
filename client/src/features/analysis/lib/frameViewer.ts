/** Frame viewer rules (docs/product.md, Analysis) (which frames a severity filter shows: framesWithSeverity, @preflight/shared). */
export const AUTO_PLAY_STEP_MS = 2000;
export type SeverityFilter = 'all' | 'high' | 'medium';

/** Previous/next within the list, clamped to its ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, index + delta));
}

/** Clicking the timeline bar at `ratio` (0–1 of its width) jumps to the proportional frame. */
export function indexFromRatio(ratio: number, count: number): number {
  if (count <= 0) return 0;
  const clamped = Math.max(0, Math.min(1, Number.isFinite(ratio) ? ratio : 0));
  return Math.min(count - 1, Math.floor(clamped * count));
}

/** The frame closest to a moment of the video. */
export function nearestIndex(frames: readonly { seconds: number }[], seconds: number): number {
  let best = 0;
  frames.forEach((f, i) => {
    if (Math.abs(f.seconds - seconds) < Math.abs(frames[best]!.seconds - seconds)) best = i;
  });
  return best;
}

/** Keys are ignored while the user types in a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const tag = el.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || el.isContentEditable;
}
