/**
 * Black screens after the opening: a gap between scenes or a black tail. The opening's black belongs to the hook
 * rule; the dip through black of a fade (a few frames) is a transition, not a gap. One finding lists every gap.
 */
import { C } from '../model/constants';
import { mss } from '../time';
import { graded, sourcesIn, type Rule } from './rule';
import { blackOpening } from './hook-black-opening';

export const blackGaps: Rule = {
  name: 'black gaps',
  run({ m, D, model }) {
    const opening = blackOpening(m.black_segments);
    const gaps = m.black_segments.filter((b) => b !== opening && b.start_s > 0.1 && b.end_s - b.start_s >= C.BLACK_GAP_MIN_S);
    if (!gaps.length) return [];
    const total = gaps.reduce((a, b) => a + b.end_s - b.start_s, 0);
    const g = graded(total, { from: { low: C.BLACK_GAP_MIN_S, medium: C.BLACK_GAP_MEDIUM_S, high: C.BLACK_GAP_HIGH_S }, halfBeyond: C.BLACK_GAP_HIGH_S });
    if (!g) return [];
    const where = gaps.map((b) => `${(b.end_s - b.start_s).toFixed(1)} s at ${mss(b.start_s)}${b.end_s >= D - 0.15 ? ' (the video ends on black)' : ''}`);
    const tail = gaps.some((b) => b.end_s >= D - 0.15);
    return [{
      code: 'black_gap', category: 'retention', problemType: 'visual', time_s: gaps[0].start_s, end_s: gaps.at(-1)!.end_s, ...g,
      evidence: `black screen for ${where.join(', ')}`,
      facts: { n: gaps.length, at: mss(gaps[0].start_s), times: gaps.map((b) => mss(b.start_s)).join(', '), total: total.toFixed(1), tail: tail ? 'yes' : 'no' },
      sources: [...new Set(gaps.flatMap((b) => sourcesIn(model, ['black'], b)))],
    }];
  },
};
