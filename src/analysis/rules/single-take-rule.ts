/** Few cuts: pacing advice against the platform's pace (./single-take.ts), replacing the vaguer talking-head note. */
import { describeSingleTake, singleTakes } from './single-take';
import { sourcesIn, type Finding, type Rule } from './rule';

const VISUAL_FINDINGS = ['dead_segment', 'static_stretch', 'hook_frozen_opening', 'hook_black_opening'];

export const singleTake: Rule = {
  name: 'single take',
  run({ m, platform, preset, model }, found) {
    const covered = found.filter((c) => c.end_s !== undefined && VISUAL_FINDINGS.includes(c.code)).map((c) => ({ start_s: c.time_s, end_s: c.end_s! }));
    const takes = singleTakes(m, platform, covered);
    const add: Finding[] = takes.map((t) => {
      const d = describeSingleTake(t, preset.label);
      return {
        code: 'single_take', category: 'engagement', problemType: 'pacing', time_s: t.start_s, end_s: t.end_s, severity: d.severity, grade: d.grade,
        evidence: d.evidence, facts: d.facts, sources: sourcesIn(model, ['static', 'lull'], t),
        // Edit points at "the pauses between your phrases" presume the phrases.
        presumes: d.speaks ? ['speech'] : [], claims: [{ says: 'no_cut', start_s: t.start_s, end_s: t.end_s }],
      };
    });
    return {
      add,
      // The older long-talking-head note said the same thing less precisely.
      replaces: (c) => c.code === 'talking_head_no_cut' && takes.some((t) => Math.min(c.end_s!, t.end_s) - Math.max(c.time_s, t.start_s) > 0),
    };
  },
};
