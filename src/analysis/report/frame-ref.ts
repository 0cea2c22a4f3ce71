/** A stored frame (time and path relative to the report folder), and the lookups every report step shares. */
export type FrameRef = { time_s: number; path: string };

/** The stored frame closest to a moment. */
export function nearestFrame(frames: FrameRef[], t: number): string | undefined {
  let best: FrameRef | undefined;
  for (const f of frames) if (!best || Math.abs(f.time_s - t) < Math.abs(best.time_s - t)) best = f;
  return best?.path;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
