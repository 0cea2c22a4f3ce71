import type { Metrics, Report } from '@preflight/shared';
import { deriveReport } from '../../../src/analysis/derive';
import { metricsFixture } from '../../support/analysis/metrics-fixture';
import { contentSource, deadStretch, metricsOfSource, recut } from '../../support/analysis/cut-fixture';
import { sampleReport } from './seed';

/**
 * Reports at the edges of what the engine produces, for the layout checks: the engine's own derivation
 * (deriveReport) over made-up measurements, so every field is one a real analysis could hold. The frame images are
 * the sample report's, spread evenly over the made-up video's length.
 */

/** Speech from 0.3 s to just before the end, paused for `pause` seconds at each of `pausesAt`. */
function speechWithPauses(durationS: number, pausesAt: number[] = [], pause = 0): Metrics['speech_segments'] {
  const segments: Metrics['speech_segments'] = [];
  let start = 0.3;
  for (const end of [...pausesAt, durationS - 0.2]) {
    if (end > start) segments.push({ start_s: start, end_s: end });
    start = end + pause;
  }
  return segments;
}

const cutsEvery = (durationS: number, every: number) => Array.from({ length: Math.ceil(durationS / every) - 1 }, (_, i) => (i + 1) * every);

function reportOf(metrics: Metrics, style: Report['report_metadata']['feedback_style']): Report {
  const sample = sampleReport();
  const frames = sample.frames.map((frame, i) => ({ time_s: Math.round(((i * metrics.duration_s) / sample.frames.length) * 100) / 100, path: frame.path }));
  const videoInfo = { ...sample.video_info, duration_seconds: metrics.duration_s, width: metrics.width, height: metrics.height };
  return deriveReport({ metrics, videoInfo, style, platform: 'auto', frames, transcript: null, analysisSeconds: 1, warnings: [] });
}

/** A one-hour talk with a few long pauses (a YouTube video): an hour-long time axis, timestamps past 59:59. */
export function hourLongReport(): Report {
  const D = 3600;
  const pausesAt = [600, 1800, 2700, 3500];
  const metrics = metricsFixture({
    duration_s: D,
    width: 1920,
    height: 1080,
    aspect_ratio: 1.778,
    speech_segments: speechWithPauses(D, pausesAt, 4),
    silences: pausesAt.map((at) => ({ start_s: at, end_s: at + 4 })),
    cuts: cutsEvery(D, 4),
  });
  return reportOf(metrics, 'balanced');
}

/** A two-second clip: a chart and frame strip with almost no time in them. */
export function twoSecondReport(): Report {
  return reportOf(metricsFixture({ duration_s: 2, speech_segments: [{ start_s: 0.2, end_s: 1.8 }] }), 'balanced');
}

/** 25 pauses in under two minutes, every one reported (brutal feedback keeps them all). */
export function manyIssuesReport(): Report {
  const D = 110;
  const pausesAt = Array.from({ length: 25 }, (_, i) => 5 + i * 4);
  const metrics = metricsFixture({
    duration_s: D,
    speech_segments: speechWithPauses(D, pausesAt, 1.6),
    silences: pausesAt.map((at) => ({ start_s: at, end_s: at + 1.6 })),
    cuts: cutsEvery(D, 2),
  });
  return reportOf(metrics, 'brutal');
}

/** A tight 20 s short that talks from the start, cuts every 2 s and ends on time: nothing to fix. */
export function noIssuesReport(): Report {
  const D = 20;
  return reportOf(metricsFixture({ duration_s: D, speech_segments: speechWithPauses(D), cuts: cutsEvery(D, 2) }), 'balanced');
}

/**
 * Two cuts of one 50 s talk, as the comparison sees them: A with a slow 3 s intro and a dead stretch (silence on a
 * still, 20-26 s), B with both cut out (the engine's comparison fixture, analysed by deriveReport).
 */
export function recutPair(): { a: Report; b: Report } {
  const source = deadStretch(contentSource(50, 3), 20, 26);
  return {
    a: reportOf(metricsOfSource(source), 'balanced'),
    b: reportOf(metricsOfSource(recut(source, [[3, 20], [26, 50]])), 'balanced'),
  };
}

/** A 42 s original with a dead stretch at 30–36 s, and an 18 s trim of it (12–30 s): the trim is all in the original. */
export function trimPair(): { original: Report; trim: Report } {
  const source = deadStretch(contentSource(42, 5), 30, 36);
  return {
    original: reportOf(metricsOfSource(source), 'balanced'),
    trim: reportOf(metricsOfSource(recut(source, [[12, 30]])), 'balanced'),
  };
}
