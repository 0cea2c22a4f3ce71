/** Many filler words (um, uh...) for the number of words spoken; thresholds and their source in model/constants.ts. */
import { C } from '../model/constants';
import { graded, type Rule } from './rule';
import { speechPace } from './speech-pace';

export const fillerWords: Rule = {
  name: 'filler words',
  run({ transcript }) {
    const pace = transcript ? speechPace(transcript) : null;
    if (!pace || pace.words < C.FILLER_MIN_WORDS || pace.fillers_per_100_words < C.FILLER_PER_100_WORDS_NOTE) return [];
    const which = pace.filler_words.slice(0, 3).map((w) => `"${w}"`).join(', ');
    return [{
      code: 'filler_words', category: 'engagement', problemType: 'content', time_s: pace.first_filler_s ?? 0,
      ...graded(pace.fillers_per_100_words, { from: { low: C.FILLER_PER_100_WORDS_NOTE, medium: C.FILLER_PER_100_WORDS_HIGH }, halfBeyond: C.FILLER_PER_100_WORDS_HIGH })!,
      presumes: ['speech', 'words'],
      evidence: `${pace.fillers} filler words (${which}) in ${pace.words} words: ${pace.fillers_per_100_words} per 100 words, ${pace.fillers_per_minute} per minute of speech`,
      facts: { count: pace.fillers, which, per100: pace.fillers_per_100_words, perMin: pace.fillers_per_minute },
    }];
  },
};
