/**
 * Streaming parsers for the single decode pass. ffmpeg writes every signal to stderr (filter logs and
 * `metadata=print` lines, each prefixed with the filter instance name we gave it, e.g. `[metadata@y @ 0x...]`).
 * `SignalCollector.line()` consumes one line at a time and keeps only small aggregates: per-second tracks,
 * a small ring buffer for cut detection and open segments. Nothing here holds the whole log.
 */
import { C } from '../model/constants';
import { histogramDistance, type ColourHistogram } from './colour-histogram';

export interface Segment {
  start_s: number;
  end_s: number;
}

export interface SecondTrack {
  /** Mean luma per second (0-255, 8-bit full scale as reported by signalstats). */
  brightness: number[];
  /** Mean saturation per second (signalstats SATAVG, 0-~181). */
  saturation: number[];
  /** Mean frame-to-frame luma difference per second at the motion sampling rate (signalstats YDIF). */
  motion: number[];
  /** Mean luma contrast per second (YHIGH - YLOW, 90th minus 10th percentile). */
  contrast: number[];
}

export interface CollectedSignals {
  /** Times (s) of hard cuts: the first frame of each new shot. */
  cuts: number[];
  black_segments: Segment[];
  frozen_segments: Segment[];
  static_segments: Segment[];
  silences: Segment[];
  tracks: SecondTrack;
  /** Momentary loudness per second (LUFS, energy mean of the 100 ms momentary values; floor -70). */
  loudness_track: number[];
  integrated_lufs: number | null;
  true_peak_dbtp: number | null;
  loudness_range_lu: number | null;
  /** The picture at the motion sampling rate (C.MOTION_FPS), one value per sample slot: mean luma and YDIF. */
  video_samples: { luma: number[]; motion: number[] };
  /** Last video timestamp seen (s). */
  video_end_s: number;
  /** Last audio timestamp seen (s). */
  audio_end_s: number;
  video_frames_seen: number;
}

const PREFIX = /^\[([a-z0-9_]+)(?:@([a-z0-9_]+))? @ 0x[0-9a-f]+\] (.*)$/;
const FRAME_LINE = /^frame:\s*(\d+)\s+pts:\s*(-?\d+)\s+pts_time:\s*(-?[\d.e+-]+)/;
const KV = /^lavfi\.([a-z0-9_.]+)=(-?[\d.e+-]+|nan|-?inf)/i;
const EBU_FRAME = /^t:\s*([\d.e+-]+)\s+TARGET:.*?M:\s*(-?[\d.]+|-?inf|nan)\s+S:/;

/** Stores a motion-rate sample in its slot (t × C.MOTION_FPS, rounded), rounded to 0.1. */
function setSample(slots: number[], t: number, v: number) {
  if (!Number.isFinite(v) || t < 0) return;
  const i = Math.round(t * C.MOTION_FPS);
  if (i > slots.length + C.MOTION_FPS * 3600 * 2) return; // a corrupt timestamp must not allocate gigabytes
  slots[i] = round(v, 1);
}

/** A slot the decoder skipped (a dropped or duplicated sample) takes its predecessor's value. */
function fillGaps(slots: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < slots.length; i++) out.push(slots[i] ?? out[i - 1] ?? 0);
  return out;
}

/** Keeps a per-integer-second running mean. */
class PerSecond {
  sums: number[] = [];
  counts: number[] = [];
  add(t: number, v: number) {
    if (!Number.isFinite(v) || t < 0) return;
    const i = Math.floor(t);
    while (this.sums.length <= i) {
      this.sums.push(0);
      this.counts.push(0);
    }
    this.sums[i] += v;
    this.counts[i] += 1;
  }
  means(len: number, fill: number): number[] {
    const out: number[] = [];
    let last = fill;
    for (let i = 0; i < len; i++) {
      if (this.counts[i]) last = this.sums[i] / this.counts[i];
      out.push(round(last, 2));
    }
    return out;
  }
}

export const round = (v: number, d = 3) => {
  const f = 10 ** d;
  return Math.round(v * f) / f;
};

/**
 * Online adaptive hard-cut detector over two per-frame signals at full frame rate:
 *   - the frame change (scdet's `mafd`: the mean absolute difference from the previous frame, 0-100);
 *   - the colour-distribution change (signals/colour-histogram.ts: how far the mix of colours moved, 0-1), when the
 *     decode pass provides it.
 * As in PySceneDetect's AdaptiveDetector, a frame is a cut when one signal is large in absolute terms AND large
 * against the rolling mean of its neighbours' values (±3 frames, itself excluded), and it is the largest within ±2
 * frames:
 *   - a cut right after a busy shot still stands out in the frame change: half of its neighbours are the new shot's
 *     (often calmer) frames, so it is compared with about half the busy level, not with the busy level itself;
 *   - a cut into, out of or between busy shots (noise, confetti, foliage, a fast zoom) does not stand out in the frame
 *     change, but the colour mix of a busy shot is steady from frame to frame and the cut moves it at once;
 *   - the end of a freeze (or a still shot that starts moving) is not a cut: its frame change equals the motion that
 *     follows (about twice the neighbours' mean), and the colours do not change;
 *   - continuous fast motion (a pan, a zoom), whose changes are uniformly high, never stands out; its colours drift;
 *   - a flash (one to three frames washed out, a strobe, a white frame) is not a cut: the picture after it has the
 *     colours of the picture before it. A candidate whose colours return within C.FLASH_MAX_FRAMES is dropped.
 * Cuts neither signal sees: a jump inside the same scene during fast motion (a whip pan into the same set).
 */
interface CutFrame {
  t: number;
  /** Frame change (mafd). */
  s: number;
  h: ColourHistogram | null;
  /** Colour-distribution change from the previous frame (null without histograms). */
  d: number | null;
}

export class CutDetector {
  /** The newest frames: up to `back` already judged ones, the one being judged, `half` after it. */
  private ring: CutFrame[] = [];
  private readonly back: number;
  readonly cuts: number[] = [];
  private lastCut = -Infinity;
  constructor(private readonly half = C.CUT_WINDOW_HALF_FRAMES) {
    this.back = Math.max(half, C.FLASH_MAX_FRAMES + 1);
  }
  push(t: number, s: number, h: ColourHistogram | null = null) {
    const prev = this.ring.at(-1);
    const d = h && prev?.h ? histogramDistance(prev.h, h) : null;
    this.ring.push({ t, s, h, d });
    if (this.ring.length > this.back + 1 + this.half) this.ring.shift();
    const centre = this.ring.length - 1 - this.half;
    if (centre >= 0) this.evaluate(centre);
  }
  /** Evaluates the frames still waiting for right-hand context (end of stream). */
  flush() {
    const start = Math.max(0, this.ring.length - this.half);
    for (let i = start; i < this.ring.length; i++) this.evaluate(i);
    this.ring = [];
  }
  /** `value` at c is at least `min`, the largest within ±CUT_PEAK_HALF_FRAMES, and `ratio` × its neighbours' mean. */
  private standsOut(c: number, value: (f: CutFrame) => number | null, min: number, ratio: number): boolean {
    const cur = value(this.ring[c]);
    if (cur === null || cur < min) return false;
    const peak = C.CUT_PEAK_HALF_FRAMES;
    for (let k = Math.max(0, c - peak); k <= Math.min(this.ring.length - 1, c + peak); k++) {
      const v = value(this.ring[k]);
      if (k !== c && v !== null && (v > cur || (v === cur && k < c))) return false;
    }
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, c - this.half); k <= Math.min(this.ring.length - 1, c + this.half); k++) {
      const v = value(this.ring[k]);
      if (k === c || v === null) continue;
      sum += v;
      n++;
    }
    return cur >= ratio * (n ? sum / n : 0);
  }
  /** The colours after the candidate return to those before it (entry into a flash), or the colours now are those of a few frames ago (exit from one). */
  private isFlash(c: number): boolean {
    const cur = this.ring[c];
    if (cur.d === null || cur.d < C.CUT_HIST_MIN) return false;
    const close = C.FLASH_RETURN_RATIO * cur.d;
    const before = this.ring[c - 1]?.h;
    for (let k = 1; k <= C.FLASH_MAX_FRAMES; k++) {
      const after = this.ring[c + k]?.h;
      if (before && after && histogramDistance(before, after) < close) return true;
      const earlier = this.ring[c - 1 - k]?.h;
      if (earlier && cur.h && histogramDistance(earlier, cur.h) < close) return true;
    }
    return false;
  }
  private evaluate(c: number) {
    const cur = this.ring[c];
    const byChange = this.standsOut(c, (f) => f.s, C.CUT_MIN_CHANGE, C.CUT_ADAPTIVE_RATIO);
    const byColour = !byChange && this.standsOut(c, (f) => f.d, C.CUT_HIST_MIN, C.CUT_HIST_RATIO);
    if (!byChange && !byColour) return;
    if (this.isFlash(c)) return;
    if (cur.t - this.lastCut < C.CUT_MIN_GAP_S) return;
    this.lastCut = cur.t;
    this.cuts.push(round(cur.t, 3));
  }
}

/** Tracks runs of low motion (YDIF below threshold) sampled at the motion rate. */
class StaticRuns {
  readonly segments: Segment[] = [];
  private runStart: number | null = null;
  private prevT: number | null = null;
  private lastT = 0;
  push(t: number, ydif: number, isFirst: boolean) {
    if (isFirst) {
      this.prevT = t;
      this.lastT = t;
      return;
    }
    if (ydif < C.STATIC_MOTION_MAX) {
      if (this.runStart === null) this.runStart = this.prevT ?? t;
    } else if (this.runStart !== null) {
      // The picture changed somewhere between the previous sample and this one; close at this sample.
      this.close(t);
    }
    this.prevT = t;
    this.lastT = t;
  }
  private close(end: number) {
    if (this.runStart !== null && end - this.runStart >= C.STATIC_MIN_S) {
      this.segments.push({ start_s: round(this.runStart, 2), end_s: round(end, 2) });
    }
    this.runStart = null;
  }
  finish(endS: number) {
    if (this.runStart !== null) this.close(Math.max(endS, this.lastT));
  }
}

export class SignalCollector {
  private cut = new CutDetector();
  /** With colour histograms, each frame's change waits for its histogram (stderr and the frame pipe run apart). */
  private withHistograms = false;
  private pendingChange: Array<{ t: number; s: number }> = [];
  private pendingHist: ColourHistogram[] = [];
  private statics = new StaticRuns();
  private bright = new PerSecond();
  private sat = new PerSecond();
  private motion = new PerSecond();
  private contrast = new PerSecond();
  private sampleLuma: number[] = [];
  private sampleMotion: number[] = [];
  private loud: number[] = []; // linear power sums per second
  private loudN: number[] = [];
  private lastTime: Record<string, number> = {};
  private ylow: number | null = null;
  private motionFrames = 0;
  private inSummary = false;
  private silenceOpen: number | null = null;
  private freezeOpen: number | null = null;
  readonly black: Segment[] = [];
  readonly frozen: Segment[] = [];
  readonly silences: Segment[] = [];
  integrated: number | null = null;
  truePeak: number | null = null;
  lra: number | null = null;
  videoEnd = 0;
  audioEnd = 0;
  videoFrames = 0;

  /** The decode pass also delivers every frame's colour histogram (frameHistogram), in frame order. */
  expectHistograms() {
    this.withHistograms = true;
  }

  frameHistogram(h: ColourHistogram) {
    this.pendingHist.push(h);
    this.joinFrames();
  }

  private joinFrames() {
    const n = Math.min(this.pendingChange.length, this.pendingHist.length);
    for (let i = 0; i < n; i++) this.cut.push(this.pendingChange[i].t, this.pendingChange[i].s, this.pendingHist[i]);
    this.pendingChange.splice(0, n);
    this.pendingHist.splice(0, n);
  }

  /** Feed one stderr line. Returns the media time it reports, if any (for progress). */
  line(raw: string): number | undefined {
    const m = PREFIX.exec(raw);
    if (!m) {
      if (this.inSummary) this.summaryLine(raw.trim());
      return undefined;
    }
    const [, filter, idOrUndef, body] = m;
    const id = idOrUndef ?? filter;
    if (filter === 'metadata') return this.metadataLine(id, body);
    if (filter === 'ebur128') {
      if (body.startsWith('Summary:')) {
        this.inSummary = true;
        return undefined;
      }
      const e = EBU_FRAME.exec(body);
      if (e) {
        const t = Number(e[1]);
        const mom = e[2] === '-inf' || e[2] === 'nan' ? -120 : Number(e[2]);
        this.addLoudness(t - 0.05, mom);
        this.audioEnd = Math.max(this.audioEnd, t);
        return t;
      }
      return undefined;
    }
    this.inSummary = false;
    if (filter === 'silencedetect') {
      const s = /silence_start:\s*(-?[\d.e+-]+)/.exec(body);
      if (s) this.silenceOpen = Math.max(0, Number(s[1]));
      const e = /silence_end:\s*([\d.e+-]+)/.exec(body);
      if (e && this.silenceOpen !== null) {
        this.silences.push({ start_s: round(this.silenceOpen), end_s: round(Number(e[1])) });
        this.silenceOpen = null;
      }
    } else if (filter === 'blackdetect') {
      const b = /black_start:\s*([\d.e+-]+)\s+black_end:\s*([\d.e+-]+)/.exec(body);
      if (b) this.black.push({ start_s: round(Number(b[1])), end_s: round(Number(b[2])) });
    } else if (filter === 'freezedetect') {
      const s = /freeze_start:\s*([\d.e+-]+)/.exec(body);
      if (s) this.freezeOpen = Number(s[1]);
      const e = /freeze_end:\s*([\d.e+-]+)/.exec(body);
      if (e && this.freezeOpen !== null) {
        this.frozen.push({ start_s: round(this.freezeOpen), end_s: round(Number(e[1])) });
        this.freezeOpen = null;
      }
    }
    return undefined;
  }

  private summaryLine(s: string) {
    const i = /^I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(s);
    if (i) this.integrated = i[1] === '-inf' ? -70 : Number(i[1]);
    const l = /^LRA:\s*([\d.]+)\s*LU/.exec(s);
    if (l) this.lra = Number(l[1]);
    const p = /^Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(s);
    if (p) this.truePeak = p[1] === '-inf' ? null : Number(p[1]);
  }

  private metadataLine(id: string, body: string): number | undefined {
    const f = FRAME_LINE.exec(body);
    if (f) {
      const t = Number(f[3]);
      this.lastTime[id] = t;
      if (id === 'scd') {
        this.videoFrames++;
        this.videoEnd = Math.max(this.videoEnd, t);
      }
      return t;
    }
    const kv = KV.exec(body);
    if (!kv) return undefined;
    const t = this.lastTime[id] ?? 0;
    const v = Number(kv[2]);
    switch (kv[1]) {
      case 'scd.mafd':
        if (this.withHistograms) {
          this.pendingChange.push({ t, s: Number.isFinite(v) ? v : 0 });
          this.joinFrames();
        } else this.cut.push(t, Number.isFinite(v) ? v : 0);
        break;
      case 'signalstats.YAVG':
        this.bright.add(t, v);
        setSample(this.sampleLuma, t, v);
        break;
      case 'signalstats.SATAVG':
        this.sat.add(t, v);
        break;
      case 'signalstats.YLOW':
        this.ylow = v;
        break;
      case 'signalstats.YHIGH':
        if (this.ylow !== null) this.contrast.add(t, v - this.ylow);
        this.ylow = null;
        break;
      case 'signalstats.YDIF':
        this.statics.push(t, v, this.motionFrames === 0);
        if (this.motionFrames > 0) this.motion.add(t, v);
        setSample(this.sampleMotion, t, this.motionFrames > 0 ? v : 0);
        this.motionFrames++;
        break;
    }
    return undefined;
  }

  private addLoudness(t: number, lufs: number) {
    const i = Math.max(0, Math.floor(t));
    while (this.loud.length <= i) {
      this.loud.push(0);
      this.loudN.push(0);
    }
    this.loud[i] += 10 ** (Math.max(lufs, -120) / 10);
    this.loudN[i] += 1;
  }

  /** Closes open segments and returns the collected signals for a stream of `durationS` seconds. */
  finish(durationS: number, hasAudio: boolean): CollectedSignals {
    // Frames whose histogram never came (a decode cut short) are judged on their frame change alone.
    for (const f of this.pendingChange) this.cut.push(f.t, f.s);
    this.pendingChange = [];
    this.cut.flush();
    const end = Math.max(durationS, 0);
    this.statics.finish(Math.min(end, this.videoEnd + 0.25));
    if (this.silenceOpen !== null) {
      if (end - this.silenceOpen > 0.05) this.silences.push({ start_s: round(this.silenceOpen), end_s: round(end) });
      this.silenceOpen = null;
    }
    if (this.freezeOpen !== null) {
      this.frozen.push({ start_s: round(this.freezeOpen), end_s: round(end) });
      this.freezeOpen = null;
    }
    const secs = Math.max(1, Math.ceil(end - 1e-6));
    const loudness_track: number[] = [];
    for (let i = 0; i < secs; i++) {
      const n = this.loudN[i] ?? 0;
      const lufs = n ? 10 * Math.log10(this.loud[i] / n) : -70;
      loudness_track.push(round(Math.max(-70, lufs), 1));
    }
    return {
      cuts: this.cut.cuts.filter((t) => t > 0.05 && t < end - 0.05),
      black_segments: this.black,
      frozen_segments: this.frozen,
      static_segments: this.statics.segments,
      silences: hasAudio ? this.silences : [],
      tracks: {
        brightness: this.bright.means(secs, 0),
        saturation: this.sat.means(secs, 0),
        motion: this.motion.means(secs, 0),
        contrast: this.contrast.means(secs, 0),
      },
      loudness_track: hasAudio ? loudness_track : [],
      integrated_lufs: hasAudio ? this.integrated : null,
      true_peak_dbtp: hasAudio ? this.truePeak : null,
      loudness_range_lu: hasAudio ? this.lra : null,
      video_samples: { luma: fillGaps(this.sampleLuma), motion: fillGaps(this.sampleMotion) },
      video_end_s: this.videoEnd,
      audio_end_s: this.audioEnd,
      video_frames_seen: this.videoFrames,
    };
  }
}
