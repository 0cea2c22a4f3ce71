import type { CutChoice } from './proposedEdit';

/**
 * Playing the creator's own file as the edit would cut it (the server keeps no video): where playback must jump, and
 * whether a chosen file is the analysed video.
 */

/** Where playback at `t` goes next: the end of the enabled cut it is in (touching cuts chained), or null to play on. */
export function skipTarget(t: number, cuts: readonly CutChoice[]): number | null {
  const on = cuts.filter((c) => c.enabled).sort((a, b) => a.start_seconds - b.start_seconds);
  let target: number | null = null;
  for (const c of on) {
    const at = target ?? t;
    // A frame's worth of slack before the start: the player reports times between frames.
    if (at >= c.start_seconds - 0.001 && at < c.end_seconds - 0.001) target = c.end_seconds;
  }
  return target;
}

/** Browsers and ffprobe disagree on a file's length by up to a frame or two of the longest stream. */
export const DURATION_TOLERANCE_S = 0.25;

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Why a file is not the analysed video, or null when its size (and, once known, its length) match. */
export function notTheSameVideo(file: { size: number; durationSeconds?: number }, analysed: { fileSizeBytes: number; durationSeconds: number }): string | null {
  if (file.size !== analysed.fileSizeBytes) return `This is not the analysed video: it is ${mb(file.size)} (${file.size} bytes), the analysed one was ${mb(analysed.fileSizeBytes)} (${analysed.fileSizeBytes} bytes).`;
  if (file.durationSeconds !== undefined && Math.abs(file.durationSeconds - analysed.durationSeconds) > DURATION_TOLERANCE_S)
    return `This is not the analysed video: it lasts ${file.durationSeconds.toFixed(2)} s, the analysed one ${analysed.durationSeconds.toFixed(2)} s.`;
  return null;
}
