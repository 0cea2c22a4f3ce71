/** A long stretch after the last words before the video ends (only for videos that are mostly talk). */
import { C } from '../model/constants';
import { mss } from '../time';
import { f1, graded, sourcesIn, type Rule } from './rule';

export const longTail: Rule = {
  name: 'long tail',
  run({ m, D, model }) {
    if (m.last_speech_end_s === null || m.speech_ratio <= 0.1) return [];
    const tail = D - m.last_speech_end_s;
    if (tail < C.TAIL_AFTER_SPEECH_MIN_S) return [];
    const tailSeg = { start_s: m.last_speech_end_s, end_s: D };
    return [{
      code: 'long_tail', category: 'cta', problemType: 'pacing', time_s: m.last_speech_end_s, end_s: D,
      ...graded(tail, { from: { medium: C.TAIL_AFTER_SPEECH_MIN_S, high: C.TAIL_AFTER_SPEECH_HIGH_S }, halfBeyond: C.TAIL_AFTER_SPEECH_HIGH_S })!,
      presumes: ['speech'], claims: [{ says: 'no_speech', start_s: m.last_speech_end_s, end_s: D }],
      evidence: `${f1(tail)} s after the last words (at ${mss(m.last_speech_end_s)}) before the video ends`,
      facts: { len: f1(tail), at: mss(m.last_speech_end_s) }, sources: sourcesIn(model, ['dead_air', 'static', 'lull', 'low_energy'], tailSeg),
    }];
  },
};
