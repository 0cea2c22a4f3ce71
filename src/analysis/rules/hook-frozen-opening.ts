/** A picture that does not change at the start while nobody speaks. */
import { C } from '../model/constants';
import { coverage } from '../model/signals';
import { blackOpening } from './hook-black-opening';
import { f1, graded, type Rule } from './rule';

export const hookFrozenOpening: Rule = {
  name: 'hook frozen opening',
  run({ m, D, signals }) {
    const speechInOpen = coverage(m.speech_segments, 0, Math.min(3, D)) > 0.5;
    const staticOpen = staticOpening(signals.statics);
    if (blackOpening(m.black_segments) || !staticOpen || speechInOpen) return [];
    // "Nobody speaks" holds only until the first words.
    const len = Math.min(staticOpen.end_s, D, m.first_speech_s ?? Infinity);
    if (len < C.FROZEN_OPENING_MIN_S) return [];
    const g = graded(len, { from: { medium: C.FROZEN_OPENING_MIN_S, high: C.FROZEN_OPENING_HIGH_S }, halfBeyond: C.FROZEN_OPENING_HIGH_S * 2 });
    return [{
      code: 'hook_frozen_opening', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: len, hook: true, ...g!,
      evidence: `the picture does not change for the first ${f1(len)} s and nobody speaks`,
      // A video with nothing to hear has its own finding (no sound): the advice here is about the picture alone.
      facts: { len: f1(len), sound: signals.audible ? 'yes' : 'none' },
      claims: [{ says: 'no_speech', start_s: 0, end_s: len }],
    }];
  },
};

/** The still stretch the video opens with, if any. */
export function staticOpening<T extends { start_s: number }>(statics: T[]): T | undefined {
  return statics.find((s) => s.start_s <= 0.3);
}
