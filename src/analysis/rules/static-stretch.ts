/**
 * Still stretches not already reported as a dead segment or a still opening: a static stretch, or for a talking head
 * (mostly speech) only a gentle note when a very long stretch has no cut.
 */
import { C } from '../model/constants';
import { coverage } from '../model/signals';
import { mss } from '../time';
import { f1, fixedGrade, graded, r0, sourcesIn, type Finding, type Rule } from './rule';

export const staticStretch: Rule = {
  name: 'static stretch',
  run({ m, signals, model }, found) {
    const out: Finding[] = [];
    const openingReported = found.some((c) => c.code === 'hook_frozen_opening' || c.code === 'hook_black_opening');
    for (const st of signals.statics) {
      // The dead-air rule already reported the silence over this still stretch.
      if (found.some((c) => c.code === 'dead_segment' && c.time_s >= st.start_s && c.time_s <= st.end_s)) continue;
      if (st.start_s <= 0.3 && openingReported) continue;
      const len = st.end_s - st.start_s;
      const speechShare = coverage(m.speech_segments, st.start_s, st.end_s) / Math.max(len, 1e-6);
      const cutsInside = m.cuts.filter((c) => c > st.start_s + 0.2 && c < st.end_s - 0.2).length;
      if (speechShare >= C.TALKING_HEAD_SPEECH_SHARE) {
        // A talking head / narrated screen recording: not dead. Only a very long uncut stretch gets a gentle note.
        if (len >= C.TALKING_HEAD_NO_CUT_S && cutsInside === 0) {
          out.push({
            code: 'talking_head_no_cut', category: 'engagement', problemType: 'pacing', time_s: st.start_s, end_s: st.end_s,
            ...fixedGrade('low', (len - C.TALKING_HEAD_NO_CUT_S) / len), presumes: ['speech'], claims: [{ says: 'no_cut', start_s: st.start_s, end_s: st.end_s }],
            evidence: `${f1(len)} s of the same still framing from ${mss(st.start_s)} (speech ${r0(speechShare * 100)} % of it)`,
            facts: { len: f1(len), at: mss(st.start_s) }, sources: sourcesIn(model, ['static'], st),
          });
        }
        continue;
      }
      if (len < C.STATIC_ISSUE_MIN_S) continue;
      out.push({
        code: 'static_stretch', category: 'retention', problemType: 'visual', time_s: st.start_s, end_s: st.end_s,
        ...graded(len, { from: { medium: C.STATIC_ISSUE_MIN_S, high: C.STATIC_ISSUE_HIGH_S }, halfBeyond: C.STATIC_ISSUE_HIGH_S * 2 })!,
        claims: [{ says: 'no_cut', start_s: st.start_s, end_s: st.end_s }],
        evidence: `${f1(len)} s without a cut or movement from ${mss(st.start_s)}${speechShare > 0.05 ? ` (speech only ${r0(speechShare * 100)} % of it)` : ''}`,
        facts: { len: f1(len), at: mss(st.start_s) }, sources: sourcesIn(model, ['static'], st),
      });
    }
    return out;
  },
};
