/** m:ss timestamps (docs/product.md, Rules › Timestamps). */

/** "m:ss" → seconds. A value that is not exactly two colon-separated numbers counts as 0. */
export function parseTimestamp(value: string | null | undefined): number {
  const parts = (value ?? '').trim().split(':');
  if (parts.length !== 2) return 0;
  const [minutes, seconds] = parts.map((p) => (/^\d+(\.\d+)?$/.test(p.trim()) ? Number(p) : NaN)) as [number, number];
  if (!Number.isFinite(minutes) || !Number.isFinite(seconds)) return 0;
  return minutes * 60 + seconds;
}

/** Seconds → "m:ss" (whole seconds, floored; negative or invalid → 0:00). */
export function formatTimestamp(totalSeconds: number | null | undefined): string {
  const safe = typeof totalSeconds === 'number' && Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * A length of time as a creator reads it: "0:42", "18:47", and "1:00:00" from an hour up (where m:ss would read
 * "60:00"). For display only; report timestamps stay m:ss (formatTimestamp).
 */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const safe = typeof totalSeconds === 'number' && Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.round(totalSeconds) : 0;
  if (safe < 3600) return formatTimestamp(safe);
  const hours = Math.floor(safe / 3600);
  const rest = safe % 3600;
  return `${hours}:${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`;
}

/** A new array sorted by m:ss timestamp ascending (stable). */
export function sortByTimestamp<T extends { timestamp: string }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, seconds: parseTimestamp(item.timestamp) }))
    .sort((a, b) => a.seconds - b.seconds || a.index - b.index)
    .map(({ item }) => item);
}
