/** Late first words, or no words and nothing happening in the opening seconds. */
import { C } from '../model/constants';
import { blackOpening } from './hook-black-opening';
import { staticOpening } from './hook-frozen-opening';
import { movesEarly } from '../model/signals';
import { f1, fixedGrade, graded, type Rule } from './rule';

export const hookSlowStart: Rule = {
  name: 'hook slow start',
  run({ m, D, signals }) {
    const firstCut = m.cuts.length ? m.cuts[0] : null;
    const earlyCut = firstCut !== null && firstCut < C.HOOK_VISUAL_CHANGE_S;
    const earlyMotion = movesEarly(m, C.HOOK_VISUAL_CHANGE_S);
    if (m.first_speech_s !== null && m.first_speech_s > C.HOOK_FIRST_WORDS_MEDIUM_S) {
      const fs = m.first_speech_s;
      const visual = earlyCut ? `first cut at ${f1(firstCut!)} s` : earlyMotion ? 'some movement early' : 'no cut or movement before then';
      const g = graded(fs, { from: { medium: C.HOOK_FIRST_WORDS_MEDIUM_S, high: C.HOOK_FIRST_WORDS_HIGH_S }, halfBeyond: C.HOOK_FIRST_WORDS_HIGH_S });
      return [{
        code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: fs, hook: true, ...g!,
        evidence: `first words at ${f1(fs)} s; ${visual}`, facts: { first: f1(fs) },
        presumes: ['speech'], claims: [{ says: 'no_speech', start_s: 0, end_s: fs }],
      }];
    }
    // Black or frozen openings have their own findings. Nobody speaks: the advice is about the picture (facts.first
    // 'never' selects that wording), never about a first line the video does not have.
    if (m.first_speech_s === null && !earlyCut && !earlyMotion && !blackOpening(m.black_segments) && !staticOpening(signals.statics)) {
      const len = Math.min(3, D);
      return [{
        code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: len, hook: true, ...fixedGrade('medium'),
        evidence: `no speech in the video and no cut or movement in the first ${C.HOOK_VISUAL_CHANGE_S} s`, facts: { first: 'never' },
        claims: [{ says: 'no_speech', start_s: 0, end_s: D }, { says: 'no_cut', start_s: 0, end_s: Math.min(C.HOOK_VISUAL_CHANGE_S, D) }],
      }];
    }
    return [];
  },
};
