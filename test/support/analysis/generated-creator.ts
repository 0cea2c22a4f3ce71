/**
 * Generated creators for the calibration's tests: posted videos with realistic made-up metrics (./cut-fixture) and
 * "measured" curves produced by a hidden calibration of the model plus noise (per-second measurement noise and a
 * per-video wobble of the decay: videos differ in ways no metric shows).
 */
import type { MeasuredPoint } from '@preflight/shared';
import type { CalibrationVideo } from '../../../src/analysis/model/calibration';
import { runModel, type CalibrationParams } from '../../../src/analysis/model/retention';
import { contentSource, deadStretch, metricsOfSource } from './cut-fixture';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const gauss = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

/** A creator's posted videos: varied lengths, some with a dead stretch, measured through the hidden model. */
export function generatedCreator(hidden: CalibrationParams, count: number, seed: number, noisePts = 1.5): CalibrationVideo[] {
  const rand = rng(seed);
  return Array.from({ length: count }, (_, k) => {
    const duration = 20 + Math.round(rand() * 70);
    let src = contentSource(duration, seed * 100 + k);
    if (rand() < 0.6) {
      const from = 5 + rand() * (duration - 12);
      src = deadStretch(src, from, from + 2 + rand() * 4);
    }
    const metrics = metricsOfSource(src);
    const wobble = Math.exp(0.15 * gauss(rand));
    const truth = runModel({ metrics, platform: 'tiktok', calibration: { ...hidden, decay_mult: hidden.decay_mult * wobble } }).survival;
    const measured: MeasuredPoint[] = truth.map((s, i) => ({
      t_s: Math.min(i, metrics.duration_s),
      retention_pct: Math.round(Math.max(0, Math.min(100, s * 100 + (i === 0 ? 0 : noisePts * gauss(rand)))) * 10) / 10,
    }));
    return { id: `video-${k}`, metrics, platform: 'tiktok', measured };
  });
}
