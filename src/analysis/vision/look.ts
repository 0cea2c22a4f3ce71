/**
 * Reads on-screen text and finds faces on a few of the decode pass's thumbnails (no extra decoding): the frames the
 * safe-zone and caption checks judge. Boxes are stored as fractions of the frame so any size of frame or zone compares.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Metrics, Segment } from '@preflight/shared';
import { C } from '../model/constants';
import { visionWorker, type SeenFrame, type VisionWorker } from './vision-worker';

export interface Thumb {
  time_s: number;
  file: string;
}

export interface Vision {
  on_screen_text: NonNullable<Metrics['on_screen_text']>;
  faces: NonNullable<Metrics['faces']>;
  vision_frames_s: number[];
}

/** The thumbnail nearest to each wanted time (each thumbnail once), in time order. */
function nearest(thumbs: Thumb[], times: number[]): Thumb[] {
  const picked = new Map<string, Thumb>();
  for (const t of times) {
    let best: Thumb | undefined;
    for (const th of thumbs) if (!best || Math.abs(th.time_s - t) < Math.abs(best.time_s - t)) best = th;
    if (best) picked.set(best.file, best);
  }
  return [...picked.values()].sort((a, b) => a.time_s - b.time_s);
}

/** `n` times at the middles of `n` equal slices of the stretches (laid end to end). */
function spread(stretches: Segment[], n: number): number[] {
  const total = stretches.reduce((s, g) => s + g.end_s - g.start_s, 0);
  if (n <= 0 || total <= 0) return [];
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    let at = ((i + 0.5) / n) * total;
    for (const g of stretches) {
      const len = g.end_s - g.start_s;
      if (at <= len) {
        times.push(g.start_s + at);
        break;
      }
      at -= len;
    }
  }
  return times;
}

const inSpeech = (t: number, speech: Segment[]) => speech.some((s) => t >= s.start_s && t <= s.end_s);

/**
 * Which thumbnails to read: VISION_SPREAD_FRAMES spread over the whole video (titles, overlays, faces; read while the
 * video is still decoding), then, when fewer than VISION_SPEECH_FRAMES of them fall in speech, more spread over the
 * speech to reach that many (captions show while someone speaks).
 */
export function pickVisionFrames(thumbs: Thumb[], durationS: number, speech: Segment[]): Thumb[] {
  const spreadFrames = nearest(thumbs, spread([{ start_s: 0, end_s: durationS }], C.VISION_SPREAD_FRAMES));
  const spoken = speech.filter((s) => s.end_s > s.start_s);
  const missing = C.VISION_SPEECH_FRAMES - spreadFrames.filter((f) => inSpeech(f.time_s, spoken)).length;
  if (missing <= 0 || !spoken.length) return spreadFrames;
  const chosen = new Set(spreadFrames.map((f) => f.file));
  const extra = nearest(thumbs, spread(spoken, missing)).filter((f) => !chosen.has(f.file));
  return [...spreadFrames, ...extra].sort((a, b) => a.time_s - b.time_s);
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const clamp01 = (v: number) => round3(Math.min(1, Math.max(0, v)));

/**
 * A line worth keeping: three letters or digits with two together (textures read as short junk), read with at least
 * `minConfidence`. What counts as text on screen is decided from the stored lines by vision/reading.ts: a confident
 * line counts, a weaker or smaller one only when it spells words and repeats in place on other frames.
 */
export function isText(text: string, confidence: number, minConfidence: number = C.TEXT_MIN_CONFIDENCE): boolean {
  return confidence >= minConfidence && (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3 && /[\p{L}\p{N}]{2}/u.test(text);
}

/** One frame's readings as metrics entries (fractions of the frame). */
export function toMetrics(time_s: number, seen: SeenFrame): { text: Vision['on_screen_text']; faces: Vision['faces'] } {
  const W = Math.max(1, seen.width);
  const H = Math.max(1, seen.height);
  return {
    text: seen.lines
      // A line of text is readable (tall enough) and lies along the frame (wider than tall, unlike texture blobs).
      .filter((l) => isText(l.text, l.confidence, C.TEXT_KEEP_MIN_CONFIDENCE) && (l.y1 - l.y0) / H >= C.TEXT_SMALL_MIN_HEIGHT && l.x1 - l.x0 >= l.y1 - l.y0)
      .map((l) => ({
        time_s,
        text: l.text,
        box: { x: clamp01(l.x0 / W), y: clamp01(l.y0 / H), w: clamp01((l.x1 - l.x0) / W), h: clamp01((l.y1 - l.y0) / H) },
        confidence: Math.round(l.confidence),
        ...(l.minWordConfidence !== undefined ? { min_word_confidence: Math.round(Math.min(l.minWordConfidence, l.confidence)) } : {}),
      })),
    faces: seen.faces.map((f) => ({
      time_s,
      box: { x: clamp01(f.x / W), y: clamp01(f.y / H), w: clamp01(f.w / W), h: clamp01(f.h / H) },
      score: round3(f.score),
    })),
  };
}

/**
 * Reads text and faces on thumbnails while the decode pass is still writing them: the frames spread over the video
 * are read as soon as they land (the models load meanwhile too), so little is left for after the decode, when the
 * speech is known and the frames for captions are added (`finish`).
 */
export class FrameReading {
  private readonly reads = new Map<string, Promise<SeenFrame>>();
  private readonly worker: Promise<VisionWorker>;
  private readonly early: number[];
  private readonly timer: NodeJS.Timeout;

  /** `dir` and `rate` are the decode pass's thumbnail folder and rate; `declaredS` the duration the file declares. */
  constructor(private readonly dir: string, private readonly rate: number, declaredS: number) {
    this.worker = visionWorker();
    this.worker.catch(() => undefined); // reported by finish()
    // The thumbnail numbers (t000001.jpg is time 0) nearest the spread times.
    this.early = spread([{ start_s: 0, end_s: declaredS }], declaredS > 0 ? C.VISION_SPREAD_FRAMES : 0).map((t) => Math.round(t * rate) + 1);
    this.timer = setInterval(() => this.readLanded(), 250);
    this.timer.unref();
  }

  private file = (n: number) => path.join(this.dir, `t${String(n).padStart(6, '0')}.jpg`);

  private read(file: string): Promise<SeenFrame> {
    let pending = this.reads.get(file);
    if (!pending) {
      pending = this.worker.then((w) => w.look(file));
      pending.catch(() => undefined); // awaited by finish(); the folder may be gone after a failed decode
      this.reads.set(file, pending);
    }
    return pending;
  }

  /** A thumbnail is complete once the next one exists (ffmpeg writes them in order). */
  private readLanded() {
    for (const n of this.early) if (!this.reads.has(this.file(n)) && fs.existsSync(this.file(n + 1))) void this.read(this.file(n));
  }

  stop() {
    clearInterval(this.timer);
  }

  /** After the decode: the frames to judge (with the speech known), read (most already are), as metrics entries. */
  async finish(thumbs: Thumb[], durationS: number, speech: Segment[], signal?: AbortSignal): Promise<Vision> {
    this.stop();
    const frames = pickVisionFrames(thumbs, durationS, speech);
    const seen = await Promise.all(frames.map((f) => this.read(f.file)));
    signal?.throwIfAborted();
    const vision: Vision = { on_screen_text: [], faces: [], vision_frames_s: frames.map((f) => f.time_s) };
    frames.forEach((frame, i) => {
      const { text, faces } = toMetrics(frame.time_s, seen[i]);
      vision.on_screen_text.push(...text);
      vision.faces.push(...faces);
    });
    return vision;
  }
}
