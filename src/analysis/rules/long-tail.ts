/**
 * A stretch after the last words before the video ends (only for videos that are mostly talk). Silence or room tone
 * after the words is a dead ending from DEAD_ENDING_MIN_S on, whatever the video's length; a tail with music or other
 * sound under it is judged from TAIL_AFTER_SPEECH_MIN_S.
 */
import { C } from '../model/constants';
import { coverage } from '../model/signals';
import { mss } from '../time';
import { f1, graded, sourcesIn, type Rule } from './rule';

export const longTail: Rule = {
  name: 'long tail',
  run({ m, D, model }) {
    if (m.last_speech_end_s === null || m.speech_ratio <= 0.1) return [];
    const tail = D - m.last_speech_end_s;
    const quiet = quietTail(m, m.last_speech_end_s, D);
    if (tail < (quiet ? C.DEAD_ENDING_MIN_S : C.TAIL_AFTER_SPEECH_MIN_S)) return [];
    const tailSeg = { start_s: m.last_speech_end_s, end_s: D };
    const from = quiet ? { low: C.DEAD_ENDING_MIN_S, medium: C.TAIL_AFTER_SPEECH_MIN_S, high: C.TAIL_AFTER_SPEECH_HIGH_S } : { medium: C.TAIL_AFTER_SPEECH_MIN_S, high: C.TAIL_AFTER_SPEECH_HIGH_S };
    return [{
      code: 'long_tail', category: 'cta', problemType: 'pacing', time_s: m.last_speech_end_s, end_s: D,
      ...graded(tail, { from, halfBeyond: C.TAIL_AFTER_SPEECH_HIGH_S })!,
      presumes: ['speech'], claims: [{ says: 'no_speech', start_s: m.last_speech_end_s, end_s: D }],
      evidence: quiet
        ? `${f1(tail)} s of silence or room tone after the last words (at ${mss(m.last_speech_end_s)}) before the video ends`
        : `${f1(tail)} s after the last words (at ${mss(m.last_speech_end_s)}) before the video ends`,
      facts: { len: f1(tail), at: mss(m.last_speech_end_s) }, sources: sourcesIn(model, ['dead_air', 'static', 'lull', 'low_energy'], tailSeg),
    }];
  },
};

/**
 * Whether the stretch after the words has nothing to hear: mostly detected silence, or every second of it far under
 * the loudness of the speech (room tone). A music bed or an effect keeps it from being a dead ending.
 */
function quietTail(m: Parameters<Rule['run']>[0]['m'], start: number, D: number): boolean {
  const len = D - start;
  if (len <= 0) return false;
  if (coverage(m.silences, start, D) / len >= C.DEAD_ENDING_QUIET_SHARE) return true;
  const track = m.loudness.track;
  const speechLevels = track.filter((_, i) => coverage(m.speech_segments, i, i + 1) >= 0.5).sort((a, b) => a - b);
  if (!speechLevels.length) return false;
  const speech = speechLevels[Math.floor(speechLevels.length / 2)];
  const after = track.slice(Math.ceil(start), Math.floor(D));
  return after.length > 0 && after.every((v) => v <= speech - C.DEAD_ENDING_DROP_LU);
}
