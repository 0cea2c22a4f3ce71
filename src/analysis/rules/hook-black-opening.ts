/** A black screen at the very start: viewers swipe before anything appears. */
import { C } from '../model/constants';
import { f1, graded, type Rule } from './rule';

export const hookBlackOpening: Rule = {
  name: 'hook black opening',
  run({ m, D }) {
    const black = blackOpening(m.black_segments);
    if (!black) return [];
    const len = Math.min(black.end_s, D);
    const g = graded(len, { from: { medium: C.BLACK_OPENING_MIN_S, high: C.BLACK_OPENING_HIGH_S, critical: C.BLACK_OPENING_CRITICAL_S }, halfBeyond: C.BLACK_OPENING_CRITICAL_S });
    if (!g) return [];
    return [{
      code: 'hook_black_opening', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: len, hook: true, ...g,
      evidence: `black screen for the first ${f1(len)} s`, facts: { len: f1(len) },
    }];
  },
};

export function blackOpening<T extends { start_s: number; end_s: number }>(black: T[]): T | undefined {
  return black.find((b) => b.start_s <= 0.1 && b.end_s >= C.BLACK_OPENING_MIN_S);
}
