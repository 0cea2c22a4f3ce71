/**
 * Frame-level audio features for telling speech from music, singing and other sound, computed on the same 16 kHz
 * mono PCM stream that feeds the VAD (no second decode). One frame every 20 ms:
 *   - rms: frame energy (linear, full scale 1);
 *   - f0 / voicing: pitch from the normalised autocorrelation of a 40 ms window at 8 kHz (70-500 Hz); voicing is the
 *     height of the autocorrelation peak (0-1), f0 is 0 when the frame is not clearly periodic;
 *   - flux: half-wave rectified rise of 16 log band energies from a 512-point FFT (note and syllable onsets).
 * The collector keeps one small record per frame (≈ 180 k frames per hour), nothing else.
 */
export const FEATURE_RATE = 16000;
/** 20 ms hop. */
export const FRAME_HOP = 320;
export const FRAME_S = FRAME_HOP / FEATURE_RATE;
const DECIM = 2; // pitch at 8 kHz
const PITCH_WIN = 320; // 40 ms at 8 kHz
const LAG_MIN = Math.floor(8000 / 500);
const LAG_MAX = Math.ceil(8000 / 70);
const BANDS = 16;
const FFT_N = 512;
const HANN = Float64Array.from({ length: FFT_N }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_N));
/** Autocorrelation peak needed to call a frame voiced (periodic). */
export const VOICING_MIN = 0.55;

export interface AudioFrames {
  rms: Float32Array;
  f0: Float32Array;
  voicing: Float32Array;
  flux: Float32Array;
  length: number;
}

/** Streaming feature extractor; feed s16le chunks with push(), read frames() at the end. */
export class AudioFeatureCollector {
  private carry = Buffer.alloc(0);
  /** Last PITCH_WIN*DECIM samples (float), for the pitch window that reaches back 40 ms. */
  private hist = new Float32Array(PITCH_WIN * DECIM);
  private prevBands = new Float32Array(BANDS);
  private rms: number[] = [];
  private f0: number[] = [];
  private voicing: number[] = [];
  private flux: number[] = [];
  private readonly dec = new Float32Array(PITCH_WIN);
  private readonly acf = new Float64Array(LAG_MAX + 2);
  private readonly re = new Float64Array(FFT_N);
  private readonly im = new Float64Array(FFT_N);

  push(chunk: Buffer) {
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const n = Math.floor(buf.length / (FRAME_HOP * 2));
    const frame = new Float32Array(FRAME_HOP);
    for (let k = 0; k < n; k++) {
      const off = k * FRAME_HOP * 2;
      for (let i = 0; i < FRAME_HOP; i++) frame[i] = buf.readInt16LE(off + i * 2) / 32768;
      this.frame(frame);
    }
    this.carry = Buffer.from(buf.subarray(n * FRAME_HOP * 2));
  }

  private frame(x: Float32Array) {
    // slide history
    this.hist.copyWithin(0, FRAME_HOP);
    this.hist.set(x, this.hist.length - FRAME_HOP);
    let ss = 0;
    for (let i = 0; i < x.length; i++) ss += x[i] * x[i];
    const rms = Math.sqrt(ss / x.length);
    this.rms.push(rms);
    if (rms < 1e-4) {
      this.f0.push(0);
      this.voicing.push(0);
      this.flux.push(0);
      this.prevBands.fill(0);
      return;
    }
    // decimate the 40 ms history to 8 kHz (pair average is a crude but adequate low-pass for 70-500 Hz pitch)
    const d = this.dec;
    let mean = 0;
    for (let i = 0; i < PITCH_WIN; i++) {
      d[i] = (this.hist[i * DECIM] + this.hist[i * DECIM + 1]) / 2;
      mean += d[i];
    }
    mean /= PITCH_WIN;
    for (let i = 0; i < PITCH_WIN; i++) d[i] -= mean;
    const W = PITCH_WIN - LAG_MAX;
    let e0 = 0;
    for (let i = 0; i < W; i++) e0 += d[i] * d[i];
    const r = this.acf;
    let best = 0;
    for (let lag = LAG_MIN; lag <= LAG_MAX; lag++) {
      let c = 0;
      let e1 = 0;
      for (let i = 0; i < W; i++) {
        c += d[i] * d[i + lag];
        e1 += d[i + lag] * d[i + lag];
      }
      r[lag] = c / Math.sqrt(e0 * e1 + 1e-12);
      if (r[lag] > best) best = r[lag];
    }
    // The shortest lag whose local peak comes close to the best: a periodic signal correlates as well at 2, 3, 4
    // periods, and taking the longest would report sub-octaves.
    let bestLag = 0;
    for (let lag = LAG_MIN + 1; lag < LAG_MAX; lag++) {
      if (r[lag] >= 0.9 * best && r[lag] >= r[lag - 1] && r[lag] >= r[lag + 1]) {
        bestLag = lag;
        break;
      }
    }
    // Parabolic interpolation: whole-sample lags at 8 kHz are almost a semitone apart near 400 Hz.
    let lagF = bestLag;
    if (bestLag > 0) {
      const a = r[bestLag - 1];
      const b = r[bestLag];
      const c = r[bestLag + 1];
      const den = a - 2 * b + c;
      if (den < 0) lagF = bestLag + (0.5 * (a - c)) / den;
    }
    this.voicing.push(best);
    this.f0.push(best >= VOICING_MIN && lagF > 0 ? 8000 / lagF : 0);
    // spectral flux: rise of log band energies (512-point FFT of the last 32 ms, 16 bands spaced evenly up to 8 kHz)
    const re = this.re;
    const im = this.im;
    const off = this.hist.length - FFT_N;
    for (let i = 0; i < FFT_N; i++) {
      re[i] = this.hist[off + i] * HANN[i];
      im[i] = 0;
    }
    fft(re, im);
    const bands = new Float32Array(BANDS);
    const per = FFT_N / 2 / BANDS;
    for (let b = 0; b < BANDS; b++) {
      let s = 0;
      for (let k = b * per; k < (b + 1) * per; k++) s += re[k] * re[k] + im[k] * im[k];
      bands[b] = Math.log10(1e-10 + s);
    }
    let fl = 0;
    for (let b = 0; b < BANDS; b++) fl += Math.max(0, bands[b] - this.prevBands[b]);
    this.prevBands = bands;
    this.flux.push(fl / BANDS);
  }

  frames(): AudioFrames {
    return {
      rms: Float32Array.from(this.rms),
      f0: Float32Array.from(this.f0),
      voicing: Float32Array.from(this.voicing),
      flux: Float32Array.from(this.flux),
      length: this.rms.length,
    };
  }
}

/** In-place iterative radix-2 FFT (n a power of two). */
export function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

/** Audio energy blocks for the content fingerprint: 5 frames of 20 ms = 100 ms, i.e. 10 per second. */
export const ENVELOPE_RATE_HZ = 10;
const ENVELOPE_FLOOR_DB = -90;

/** dBFS of each 100 ms block (energy mean of its frames), rounded to 0.1 dB; digital silence sits at the floor. */
export function energyEnvelopeDb(rms: Float32Array): number[] {
  const per = Math.round(1 / (ENVELOPE_RATE_HZ * FRAME_S));
  const out: number[] = [];
  for (let i = 0; i < rms.length; i += per) {
    let power = 0;
    const end = Math.min(rms.length, i + per);
    for (let k = i; k < end; k++) power += rms[k] * rms[k];
    const db = 10 * Math.log10(power / (end - i) + 1e-12);
    out.push(Math.round(Math.max(ENVELOPE_FLOOR_DB, db) * 10) / 10);
  }
  return out;
}
