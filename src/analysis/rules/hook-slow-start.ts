/** Late first words, or no words and nothing happening in the opening seconds. */
import { C } from '../model/constants';
import { blackOpening } from './hook-black-opening';
import { staticOpening } from './hook-frozen-opening';
import { f1, type Rule } from './rule';

export const hookSlowStart: Rule = {
  name: 'hook slow start',
  run({ m, D, signals }) {
    const firstCut = m.cuts.length ? m.cuts[0] : null;
    const earlyCut = firstCut !== null && firstCut < C.HOOK_VISUAL_CHANGE_S;
    const earlyMotion = m.tracks.motion.slice(0, 2).some((v) => v >= C.STATIC_MOTION_MAX * 2);
    if (m.first_speech_s !== null && m.first_speech_s > C.HOOK_FIRST_WORDS_MEDIUM_S) {
      const fs = m.first_speech_s;
      const visual = earlyCut ? `first cut at ${f1(firstCut!)} s` : earlyMotion ? 'some movement early' : 'no cut or movement before then';
      return [{
        code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: fs, hook: true,
        severity: fs > C.HOOK_FIRST_WORDS_HIGH_S ? 'high' : 'medium',
        evidence: `first words at ${f1(fs)} s; ${visual}`, facts: { first: f1(fs) },
      }];
    }
    // Black or frozen openings have their own findings.
    if (m.first_speech_s === null && !earlyCut && !earlyMotion && !blackOpening(m.black_segments) && !staticOpening(signals.statics)) {
      return [{
        code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: Math.min(3, D), hook: true,
        severity: 'medium', evidence: `no speech in the video and no cut or movement in the first ${C.HOOK_VISUAL_CHANGE_S} s`, facts: { first: 'never' },
      }];
    }
    return [];
  },
};
