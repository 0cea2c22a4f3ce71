/**
 * Silences after the opening: over a still picture they are a dead segment (nothing happens at all), otherwise dead
 * air. The opening belongs to the hook rules and the silence after the last words to the long-tail rule.
 */
import { C } from '../model/constants';
import { mss } from '../time';
import { f1, graded, sourcesIn, type Finding, type Rule } from './rule';

export const deadAir: Rule = {
  name: 'dead air',
  run({ m, D, signals, model }) {
    const out: Finding[] = [];
    const tailStart = m.last_speech_end_s ?? null;
    for (const s of signals.audible ? m.silences : []) {
      const len = s.end_s - s.start_s;
      if (len < C.DEAD_AIR_MIN_S || s.start_s < 0.5) continue; // the opening is the hook rules' business
      if (s.end_s >= D - 0.15 && tailStart !== null && s.start_s >= tailStart - 0.5) continue; // long tail rule
      if (m.speech_segments.length === 0 && s.end_s >= D - 0.15) continue;
      // "Nothing happens" needs a real stretch of silence over a still picture; a short pause stays "dead air".
      const st = signals.statics.find((g) => Math.min(g.end_s, s.end_s) - Math.max(g.start_s, s.start_s) >= C.DEAD_AIR_MEDIUM_S);
      if (st) {
        const a = Math.max(st.start_s, s.start_s);
        const b = Math.min(st.end_s, s.end_s);
        const both = b - a;
        const g = graded(both, { from: { medium: C.DEAD_AIR_MEDIUM_S, high: C.DEAD_AIR_HIGH_S, critical: C.STATIC_ISSUE_HIGH_S }, halfBeyond: C.DEAD_SEGMENT_HALF_BEYOND_S });
        out.push({
          code: 'dead_segment', category: 'retention', problemType: 'retention_cliff', time_s: a, end_s: b, ...g!,
          evidence: `${f1(both)} s of silence over a still picture from ${mss(a)}`, facts: { len: f1(both), at: mss(a) },
          sources: [...sourcesIn(model, ['dead_air', 'static'], { start_s: a, end_s: b })],
          presumes: ['sound'], claims: [{ says: 'no_speech', start_s: a, end_s: b }, { says: 'no_cut', start_s: a, end_s: b }],
        });
        continue;
      }
      const g = graded(len, { from: { low: C.DEAD_AIR_MIN_S, medium: C.DEAD_AIR_MEDIUM_S, high: C.DEAD_AIR_HIGH_S }, halfBeyond: C.DEAD_AIR_HIGH_S });
      out.push({
        code: 'dead_air', category: 'retention', problemType: 'audio', time_s: s.start_s, end_s: s.end_s, ...g!,
        evidence: `${f1(len)} s of silence from ${mss(s.start_s)} (nobody speaking, no music)`, facts: { len: f1(len), at: mss(s.start_s) },
        sources: sourcesIn(model, ['dead_air'], s),
        presumes: ['sound'], claims: [{ says: 'no_speech', start_s: s.start_s, end_s: s.end_s }],
      });
    }
    return out;
  },
};
