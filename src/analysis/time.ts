/** m:ss (minutes may exceed 59, as timestamps are always two colon-separated parts). */
export function mss(t: number): string {
  const s = Math.max(0, Math.floor(t + 1e-6));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A value that is not two colon-separated parts counts as zero seconds. */
export function parseMss(v: string): number {
  const p = v.split(':');
  if (p.length !== 2) return 0;
  const m = Number(p[0]);
  const s = Number(p[1]);
  return Number.isFinite(m) && Number.isFinite(s) ? m * 60 + s : 0;
}

export const fmtS = (v: number) => `${v.toFixed(1)} s`;
