/**
 * A file whose real picture rate is far below its nominal rate: a 30 fps file that shows 2-3 new pictures a second
 * (a slideshow export, a screen grab, a frame-rate conversion gone wrong) plays as a stutter.
 *
 * Read from the 4 Hz picture fingerprint (luma change from the previous sample, signals/decode.ts): in footage that
 * moves, a sample that barely changed (under LOW_RATE_REPEAT_RATIO of both its neighbours' change, and under the still
 * bar) between two that changed means the picture was repeated across that quarter second (a lossy encode keeps a
 * repeated picture at 0.2-0.6, not 0). At P pictures a second (P < 4) a share 1 - P/4 of the samples repeat, in a
 * steady rhythm; real motion at a full rate does not stop for a quarter second between two moving samples, and the
 * odd pause is far from LOW_RATE_MIN_SHARE of them.
 */
import { C } from '../model/constants';
import { graded, type Rule } from './rule';

export const lowPictureRate: Rule = {
  name: 'low picture rate',
  run({ m, D }) {
    const est = pictureRate(m.fingerprint?.motion ?? [], m.fingerprint?.video_rate_hz ?? C.MOTION_FPS);
    if (!est || m.fps < C.LOW_RATE_MIN_NOMINAL_FPS) return [];
    const g = graded(m.fps / est.perSecond, { from: { medium: C.LOW_RATE_MEDIUM_RATIO, high: C.LOW_RATE_HIGH_RATIO }, halfBeyond: C.LOW_RATE_HIGH_RATIO });
    if (!g) return [];
    const per = String(Math.max(1, Math.round(est.perSecond)));
    return [{
      code: 'low_picture_rate', category: 'retention', problemType: 'visual', time_s: 0, end_s: D, ...g,
      evidence: `the picture changes only about ${per} times a second in a ${Math.round(m.fps)} fps file (${est.repeats} of ${est.samples} quarter-second samples of moving picture repeat the one before)`,
      facts: { per, fps: Math.round(m.fps) },
    }];
  },
};

/** Real pictures per second over the moving stretches, when enough of them repeat to say so; null otherwise. */
export function pictureRate(motion: number[], rateHz: number): { perSecond: number; repeats: number; samples: number } | null {
  let repeats = 0;
  let moving = 0;
  for (let i = 1; i + 1 < motion.length; i++) {
    const v = motion[i];
    if (v >= C.STATIC_MOTION_MAX) moving++;
    else if (
      motion[i - 1] >= C.STATIC_MOTION_MAX &&
      motion[i + 1] >= C.STATIC_MOTION_MAX &&
      v <= C.LOW_RATE_REPEAT_RATIO * Math.min(motion[i - 1], motion[i + 1])
    ) repeats++;
  }
  const samples = moving + repeats;
  if (repeats < C.LOW_RATE_MIN_REPEATS || samples === 0) return null;
  const share = repeats / samples;
  if (share < C.LOW_RATE_MIN_SHARE) return null;
  return { perSecond: Math.round(rateHz * (1 - share) * 10) / 10, repeats, samples };
}
