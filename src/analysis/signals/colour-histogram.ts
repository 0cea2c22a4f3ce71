/**
 * Colour distribution of every frame, for hard-cut detection (issue 27, item 1). The decode pass writes a 64×64
 * YUV 4:2:0 copy of each frame to a pipe; each quarter of it becomes three cumulative histograms (Y in 32 bins, U and
 * V in 16). Quarters rather than the whole frame: two shots of one colourful scene (the same set from another angle)
 * share a palette, but not where the colours sit.
 *
 * Why a distribution and not a frame difference: a shot of noise, confetti, foliage or a fast zoom changes most of its
 * pixels every frame, so a cut into, out of or between such shots is no larger a frame difference than the motion
 * around it. The mix of colours of a busy shot, though, hardly changes from frame to frame, and a cut changes it at
 * once (PySceneDetect's content and histogram detectors rest on the same observation).
 *
 * The distance is the earth mover's distance between the two histograms of each plane (mean absolute difference of
 * the cumulative histograms, 0-1): a fade or an exposure change moves every value a little and costs little, a
 * different shot moves mass across the range and costs a lot. Y and the mean of U and V are compared and the larger
 * counts, so a shot that differs only in colour (same brightness) is seen as well as one that differs in brightness.
 */
export const HIST_SIDE = 64;
export const HIST_FRAME_BYTES = (HIST_SIDE * HIST_SIDE * 3) / 2;
const Y_BINS = 32;
const C_BINS = 16;
/** Cumulative histograms of one region of a frame (shares, last bin 1). */
interface RegionHistogram {
  y: Float32Array;
  u: Float32Array;
  v: Float32Array;
}

/** A frame's colour distribution: one histogram per quarter of the picture (top left, top right, bottom left, bottom right). */
export type ColourHistogram = RegionHistogram[];

/** Regions per side: 2×2 quarters. */
const GRID = 2;

function cumulative(counts: Uint32Array, total: number): Float32Array {
  const out = new Float32Array(counts.length);
  let c = 0;
  for (let i = 0; i < counts.length; i++) {
    c += counts[i];
    out[i] = c / total;
  }
  return out;
}

/** Histograms of one 64×64 yuv420p frame starting at `off` in `buf`. */
export function histogramOf(buf: Uint8Array, off = 0): ColourHistogram {
  const S = HIST_SIDE;
  const uOff = off + S * S;
  const vOff = uOff + (S * S) / 4;
  const side = S / GRID;
  const cSide = side / 2;
  const regions: ColourHistogram = [];
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const y = new Uint32Array(Y_BINS);
      const u = new Uint32Array(C_BINS);
      const v = new Uint32Array(C_BINS);
      for (let r = gy * side; r < (gy + 1) * side; r++) {
        for (let c = gx * side; c < (gx + 1) * side; c++) y[buf[off + r * S + c] >> 3]++;
      }
      for (let r = gy * cSide; r < (gy + 1) * cSide; r++) {
        for (let c = gx * cSide; c < (gx + 1) * cSide; c++) {
          u[buf[uOff + r * (S / 2) + c] >> 4]++;
          v[buf[vOff + r * (S / 2) + c] >> 4]++;
        }
      }
      regions.push({ y: cumulative(y, side * side), u: cumulative(u, cSide * cSide), v: cumulative(v, cSide * cSide) });
    }
  }
  return regions;
}

function emd(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}

/** 0 (same colour distribution) to 1: over the quarters, the mean of max(earth mover's distance of Y, mean of those of U and V). */
export function histogramDistance(a: ColourHistogram, b: ColourHistogram): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.max(emd(a[i].y, b[i].y), (emd(a[i].u, b[i].u) + emd(a[i].v, b[i].v)) / 2);
  return s / a.length;
}

/** Cuts the raw frame stream (chunks of any size) into per-frame histograms, in order. */
export class HistogramStream {
  private carry = Buffer.alloc(0);
  push(chunk: Buffer): ColourHistogram[] {
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const out: ColourHistogram[] = [];
    let off = 0;
    for (; off + HIST_FRAME_BYTES <= buf.length; off += HIST_FRAME_BYTES) out.push(histogramOf(buf, off));
    this.carry = Buffer.from(buf.subarray(off));
    return out;
  }
}
