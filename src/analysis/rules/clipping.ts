/**
 * True peak as it will play: after the platform turns a loud mix down, its peaks come down by the same amount; what
 * is still above -1 dBTP distorts.
 */
import type { Metrics } from '@preflight/shared';
import { C } from '../model/constants';
import { mss } from '../time';
import { f1, graded, type Rule } from './rule';

export const clipping: Rule = {
  name: 'clipping',
  run({ m, D, preset, signals }) {
    const tp = m.loudness.true_peak_dbtp;
    if (!signals.audible || tp === null) return [];
    const I = m.loudness.integrated_lufs;
    const turnDown = I !== null ? Math.max(0, I - preset.targetLufs) : 0;
    const playedPeak = tp - turnDown;
    if (playedPeak <= C.CLIP_TRUE_PEAK_DBTP) return [];
    const over = playedPeak - C.CLIP_TRUE_PEAK_DBTP;
    const t = loudestSecond(m);
    return [{
      code: 'clipping', category: 'algorithm', problemType: 'audio', time_s: t, end_s: Math.min(D, t + 1),
      ...graded(over, { from: { low: 0, medium: C.CLIP_MEDIUM_OVER_DB, high: C.CLIP_HIGH_OVER_DB }, halfBeyond: C.CLIP_HIGH_OVER_DB })!, presumes: ['sound'],
      evidence: `true peak ${f1(tp)} dBTP${turnDown > 0 ? ` (${f1(playedPeak)} dBTP after ${preset.label} turns the mix down ${f1(turnDown)} dB)` : ''}, above the -1 dBTP limit; loudest around ${mss(t)}`,
      facts: { tp: f1(playedPeak) }, modifiers: ['clipping'],
    }];
  },
};

function loudestSecond(m: Metrics): number {
  let best = 0;
  m.loudness.track.forEach((v, i) => {
    if (v > (m.loudness.track[best] ?? -Infinity)) best = i;
  });
  return best;
}
