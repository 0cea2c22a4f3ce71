/**
 * Scoring an analysis against a real clip's ground truth (the truth.json format of shared/media, see its README).
 * Pure functions: used by `npm run eval:real` and by the real-clip regression tests.
 */
import type { Metrics } from '@preflight/shared';

export interface ClipTruth {
  fps: number;
  frames: number;
  /** 0-based frame numbers of the first frame of each new shot. */
  hard_cuts: number[];
  /** [first, last] frame spans of gradual transitions / spans where detections do not count. */
  gradual?: Array<[number, number]>;
  optional?: Array<[number, number]>;
  audio: boolean | 'silent';
  music?: boolean;
  /** [start, end] seconds where someone speaks. */
  speech: Array<[number, number]>;
  /** [start, end] seconds with sound or silence but no speech. */
  nonspeech?: Array<[number, number]>;
  expect?: { min_score?: number; max_score?: number };
  notes?: string;
}

export interface CutEval {
  tp: number;
  fp: number;
  fn: number;
  truth: number;
  detected: number;
  /** Detections inside a gradual/optional span (count neither way). */
  ignored: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Matches detected cut times to truth frames within ±tolFrames (one-to-one, nearest first). */
export function evaluateCuts(truth: Pick<ClipTruth, 'fps' | 'hard_cuts' | 'gradual' | 'optional'>, detectedS: number[], tolFrames = 1): CutEval {
  const det = detectedS.map((t) => Math.round(t * truth.fps));
  const spans = [...(truth.gradual ?? []), ...(truth.optional ?? [])];
  const used = new Set<number>();
  let tp = 0;
  const pairs: Array<{ d: number; t: number; dist: number }> = [];
  det.forEach((f, d) => truth.hard_cuts.forEach((c, t) => {
    const dist = Math.abs(f - c);
    if (dist <= tolFrames) pairs.push({ d, t, dist });
  }));
  pairs.sort((a, b) => a.dist - b.dist);
  const usedT = new Set<number>();
  for (const p of pairs) {
    if (used.has(p.d) || usedT.has(p.t)) continue;
    used.add(p.d);
    usedT.add(p.t);
    tp++;
  }
  let fp = 0;
  let ignored = 0;
  det.forEach((f, d) => {
    if (used.has(d)) return;
    if (spans.some(([a, b]) => f >= a - tolFrames && f <= b + tolFrames)) ignored++;
    else fp++;
  });
  const fn = truth.hard_cuts.length - tp;
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, truth: truth.hard_cuts.length, detected: det.length, ignored, precision, recall, f1 };
}

/** Seconds of detected speech that fall inside the truth's non-speech spans. */
export function speechInNonspeech(truth: Pick<ClipTruth, 'nonspeech'>, speech: Array<{ start_s: number; end_s: number }>): number {
  let s = 0;
  for (const [a, b] of truth.nonspeech ?? []) {
    for (const g of speech) s += Math.max(0, Math.min(b, g.end_s) - Math.max(a, g.start_s));
  }
  return s;
}

/** Share of the truth's speech time that detected speech covers; null when the truth has no speech. */
export function speechRecall(truth: Pick<ClipTruth, 'speech'>, speech: Array<{ start_s: number; end_s: number }>): number | null {
  let total = 0;
  let hit = 0;
  for (const [a, b] of truth.speech) {
    total += b - a;
    for (const g of speech) hit += Math.max(0, Math.min(b, g.end_s) - Math.max(a, g.start_s));
  }
  return total > 0 ? Math.min(1, hit / total) : null;
}

export interface ClipEval {
  cuts: CutEval;
  truthOnsetS: number | null;
  detectedOnsetS: number | null;
  /** |detected - truth| first-words time in ms; null when either side has no speech. */
  onsetErrorMs: number | null;
  speechInNonspeechS: number;
  speechRecall: number | null;
  score: number;
  scoreOk: boolean;
  scoreBounds: string;
}

export function scoreBounds(e: ClipTruth['expect']): string {
  if (!e || (e.min_score === undefined && e.max_score === undefined)) return 'any';
  return `${e.min_score ?? 0}-${e.max_score ?? 100}`;
}

export function evaluateClip(truth: ClipTruth, m: Metrics, score?: number): ClipEval {
  const truthOnsetS = truth.speech.length ? truth.speech[0][0] : null;
  const detectedOnsetS = m.first_speech_s;
  const onsetErrorMs = truthOnsetS !== null && detectedOnsetS !== null ? Math.abs(detectedOnsetS - truthOnsetS) * 1000 : null;
  const s = score ?? NaN;
  const e = truth.expect ?? {};
  const scoreOk = score === undefined || ((e.min_score === undefined || s >= e.min_score) && (e.max_score === undefined || s <= e.max_score));
  return {
    cuts: evaluateCuts(truth, m.cuts),
    truthOnsetS,
    detectedOnsetS,
    onsetErrorMs,
    speechInNonspeechS: speechInNonspeech(truth, m.speech_segments),
    speechRecall: speechRecall(truth, m.speech_segments),
    score: s,
    scoreOk,
    scoreBounds: scoreBounds(truth.expect),
  };
}
