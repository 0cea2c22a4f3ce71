/**
 * The source's frame grid: every edge of a cut sits on a frame of the source, and cuts shrink onto it (their start
 * moves later, their end earlier) so that snapping never removes a frame more than was asked.
 */

export interface FrameRate {
  num: number;
  den: number;
}

/** How near the stored fps (3 decimals) must be to a rate to be that rate. */
const RATE_TOLERANCE = 0.01;

/** The rates editors offer, for a source whose average rate is none of them (variable frame rate). */
const NOMINAL: readonly FrameRate[] = [
  { num: 24000, den: 1001 }, { num: 24, den: 1 }, { num: 25, den: 1 }, { num: 30000, den: 1001 }, { num: 30, den: 1 },
  { num: 48, den: 1 }, { num: 50, den: 1 }, { num: 60000, den: 1001 }, { num: 60, den: 1 },
];

/**
 * The nominal rate as a fraction: 29.97 -> 30000/1001, 25 -> 25/1, 12.5 -> 25/2. An average rate that is no rate at
 * all (a variable-frame-rate phone clip at 29.87) gets the nearest editor rate: its timeline is at the nominal rate.
 */
export function frameRateOf(fps: number): FrameRate {
  const f = fps > 0 && Number.isFinite(fps) ? fps : 30;
  const whole = Math.round(f);
  if (Math.abs(f - whole) < RATE_TOLERANCE && whole > 0) return { num: whole, den: 1 };
  const ntsc = Math.round((f * 1001) / 1000);
  if (Math.abs((ntsc * 1000) / 1001 - f) < RATE_TOLERANCE) return { num: ntsc * 1000, den: 1001 };
  const half = Math.round(f * 2);
  if (Math.abs(half / 2 - f) < RATE_TOLERANCE) return { num: half, den: 2 };
  return NOMINAL.reduce((best, r) => (Math.abs(r.num / r.den - f) < Math.abs(best.num / best.den - f) ? r : best));
}

export class FrameGrid {
  /** Seconds of one frame. */
  readonly frameS: number;
  constructor(readonly rate: FrameRate, readonly durationS: number) {
    this.frameS = rate.den / rate.num;
  }

  private at(k: number): number {
    return Math.min(this.durationS, Math.round(((k * this.rate.den) / this.rate.num) * 1e6) / 1e6);
  }

  /** The first frame edge at or after t (the video's end stays the end). */
  ceil(t: number): number {
    if (t >= this.durationS - 1e-6) return this.durationS;
    return this.at(Math.ceil((t * this.rate.num) / this.rate.den - 1e-3));
  }

  /** The last frame edge at or before t (the video's end stays the end). */
  floor(t: number): number {
    if (t >= this.durationS - 1e-6) return this.durationS;
    return this.at(Math.max(0, Math.floor((t * this.rate.num) / this.rate.den + 1e-3)));
  }
}
