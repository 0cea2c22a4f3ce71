/** Exposure from signals.visual: underexposed (dark without detail; low-key footage is not a fault) or washed out. */
import type { Metrics } from '@preflight/shared';
import { C } from '../model/constants';
import { graded, r0, type Rule } from './rule';

export const picture: Rule = {
  name: 'picture',
  run({ m, signals }) {
    const vq = signals.visual;
    if (vq.dark) {
      return [{
        code: 'too_dark', category: 'engagement', problemType: 'content_quality', time_s: darkestSecond(m), presumes: ['picture_detail'],
        // Sized by how far the median sits under the dark line; under DARK_HIGH_MEDIAN_Y it is high.
        ...graded(C.DARK_MEDIAN_Y - vq.medianBrightness, { from: { medium: 0, high: C.DARK_MEDIAN_Y - C.DARK_HIGH_MEDIAN_Y }, halfBeyond: C.DARK_MEDIAN_Y - C.DARK_HIGH_MEDIAN_Y })!,
        evidence: `median brightness ${r0(vq.medianBrightness)} of 255 (well-exposed video sits around 90-140)`, facts: { y: r0(vq.medianBrightness) }, modifiers: ['dark'],
      }];
    }
    if (vq.washedOut) {
      return [{
        code: 'washed_out', category: 'engagement', problemType: 'content_quality', time_s: 0, presumes: ['picture_detail'],
        ...graded(C.WASHED_CONTRAST_MAX - vq.medianContrast, { from: { low: 0 }, halfBeyond: C.WASHED_CONTRAST_MAX / 2 })!,
        evidence: `median brightness ${r0(vq.medianBrightness)} with contrast only ${r0(vq.medianContrast)} (10th-90th percentile luma spread)`,
        facts: { y: r0(vq.medianBrightness), c: r0(vq.medianContrast) }, modifiers: ['washed_out'],
      }];
    }
    return [];
  },
};

function darkestSecond(m: Metrics): number {
  let best = 0;
  m.tracks.brightness.forEach((v, i) => {
    if (v < (m.tracks.brightness[best] ?? Infinity)) best = i;
  });
  return best;
}
