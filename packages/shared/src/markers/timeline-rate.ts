/**
 * The frame rate of the editor timeline the markers are placed on, and the frame and timecode arithmetic every marker
 * format shares (docs/product.md, Markers for editors). Rates are exact fractions (30000/1001 for 29.97): a marker at
 * 0:17 sits on frame round(17 × 30000 / 1001) = 510, never on a frame counted at a rounded 29.97.
 */

export interface TimelineRate {
  /** Frames per second as a fraction: fpsNumerator / fpsDenominator (30000 / 1001 for 29.97). */
  fpsNumerator: number;
  fpsDenominator: number;
  /** Whole frames per timecode second: 30 for 29.97, 24 for 23.976. */
  timebase: number;
  /** An NTSC rate (x/1001). */
  ntsc: boolean;
  /** 29.97 and 59.94 count drop-frame timecode (SMPTE 12M); 23.976 and the others do not. */
  dropFrameCapable: boolean;
  /** "29.97", "25", "23.976". */
  label: string;
  /**
   * Why the timeline rate is not the video's own, when it is not: "variable frame rate (29.87 fps on average)" or
   * "15 fps is not an editor timeline rate". Null when the video plays at exactly this rate.
   */
  conformNote: string | null;
}

/** Timeline rates that Final Cut Pro, DaVinci Resolve and Premiere Pro all offer, as [numerator, denominator]. */
const EDITOR_RATES: readonly (readonly [number, number])[] = [
  [24000, 1001],
  [24, 1],
  [25, 1],
  [30000, 1001],
  [30, 1],
  [48, 1],
  [50, 1],
  [60000, 1001],
  [60, 1],
  [100, 1],
  [120000, 1001],
  [120, 1],
];

/** The engine stores fps rounded to 3 decimals (29.97, 23.976): within this it is that rate. */
const SAME_RATE_FPS = 0.01;
/** 14.985 × 2 = 29.97: a timeline rate within this of a whole multiple of the video's shows every frame once. */
const WHOLE_MULTIPLE = 0.002;

const labelOf = (num: number, den: number) => (den === 1 ? String(num) : String(Math.round((num / den) * 1000) / 1000));

function rate(num: number, den: number, conformNote: string | null): TimelineRate {
  const timebase = Math.round(num / den);
  return {
    fpsNumerator: num,
    fpsDenominator: den,
    timebase,
    ntsc: den === 1001,
    dropFrameCapable: den === 1001 && (timebase === 30 || timebase === 60),
    label: labelOf(num, den),
    conformNote,
  };
}

/**
 * The timeline rate for a video: its own rate when editors offer it (29.97 → 30000/1001 exactly); otherwise the
 * lowest editor rate that is a whole multiple of it (15 → 30, 12.5 → 25: every source frame lands on a timeline
 * frame), else the nearest editor rate. A variable-frame-rate video has no single rate: the editor rate nearest its
 * average is the timeline, and the note says so. Marker times are seconds, so they land on the nearest frame either way.
 */
export function timelineRateFor(fps: number, variableFrameRate = false): TimelineRate {
  const safe = Number.isFinite(fps) && fps > 0 ? fps : 30;
  const fpsOf = ([num, den]: readonly [number, number]) => num / den;
  const vfrNote = variableFrameRate ? `variable frame rate (${Math.round(safe * 100) / 100} fps on average)` : null;
  const exact = EDITOR_RATES.find((r) => Math.abs(fpsOf(r) - safe) < SAME_RATE_FPS);
  if (exact) return rate(exact[0], exact[1], vfrNote);
  const note = vfrNote ?? `${Math.round(safe * 1000) / 1000} fps is not an editor timeline rate`;
  const multiple = variableFrameRate
    ? undefined
    : EDITOR_RATES.find((r) => {
        const k = fpsOf(r) / safe;
        return k >= 2 && Math.abs(k - Math.round(k)) < WHOLE_MULTIPLE;
      });
  if (multiple) return rate(multiple[0], multiple[1], note);
  const nearest = EDITOR_RATES.reduce((best, r) => (Math.abs(fpsOf(r) - safe) <= Math.abs(fpsOf(best) - safe) ? r : best));
  return rate(nearest[0], nearest[1], note);
}

/** The frame nearest a time in seconds. */
export function frameAt(rate: TimelineRate, seconds: number): number {
  return Math.round((Math.max(0, seconds) * rate.fpsNumerator) / rate.fpsDenominator);
}

/** Seconds at the start of a frame. */
export function secondsAtFrame(rate: TimelineRate, frame: number): number {
  return (frame * rate.fpsDenominator) / rate.fpsNumerator;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * SMPTE timecode of a frame count: HH:MM:SS:FF non-drop (frames counted at the timebase, so at 29.97 the label runs
 * 0.1 % behind the clock), or HH:MM:SS;FF drop-frame for 29.97/59.94 (frame numbers 0 and 1 — 0 to 3 at 59.94 — are
 * skipped at the start of every minute except each tenth, which keeps the label on the clock).
 */
export function timecode(rate: TimelineRate, frame: number, dropFrame = false): string {
  const fps = rate.timebase;
  let n = Math.max(0, Math.round(frame));
  if (dropFrame) {
    if (!rate.dropFrameCapable) throw new Error(`Drop-frame timecode does not exist at ${rate.label} fps`);
    const dropped = (2 * fps) / 30;
    const perTenMinutes = fps * 600 - dropped * 9;
    const perMinute = fps * 60 - dropped;
    const tens = Math.floor(n / perTenMinutes);
    const rest = n % perTenMinutes;
    n += dropped * 9 * tens + (rest > dropped ? dropped * Math.floor((rest - dropped) / perMinute) : 0);
  }
  const frames = n % fps;
  const totalSeconds = Math.floor(n / fps);
  const separator = dropFrame ? ';' : ':';
  return `${two(Math.floor(totalSeconds / 3600))}:${two(Math.floor(totalSeconds / 60) % 60)}:${two(totalSeconds % 60)}${separator}${two(frames)}`;
}
