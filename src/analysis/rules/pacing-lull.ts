/** Shots much longer than the video's own rhythm (signals.lulls), unless a still-picture finding covers them. */
import { mss } from '../time';
import { f1, graded, sourcesIn, type Finding, type Rule } from './rule';

const STILL_FINDINGS = ['dead_segment', 'static_stretch', 'talking_head_no_cut'];

export const pacingLull: Rule = {
  name: 'pacing lull',
  run({ m, signals, model }, found) {
    const out: Finding[] = [];
    for (const l of signals.lulls) {
      const covered = found.some((c) => c.end_s !== undefined && STILL_FINDINGS.includes(c.code) &&
        Math.min(c.end_s, l.end_s) - Math.max(c.time_s, l.start_s) > (l.end_s - l.start_s) * 0.5);
      if (covered) continue;
      out.push({
        code: 'pacing_lull', category: 'retention', problemType: 'pacing', time_s: l.start_s, end_s: l.end_s,
        // Sized against the video's own lull threshold: twice it is medium.
        ...graded(l.shot_s / l.threshold_s, { from: { low: 1, medium: 2 }, halfBeyond: 2 })!,
        claims: [{ says: 'no_cut', start_s: l.start_s, end_s: l.end_s }],
        evidence: `${f1(l.shot_s)} s without a cut from ${mss(l.start_s)}; your median shot is ${f1(m.median_shot_s)} s`,
        facts: { len: f1(l.shot_s), at: mss(l.start_s), median: f1(m.median_shot_s) }, sources: sourcesIn(model, ['lull'], l),
      });
    }
    return out;
  },
};
