/** The first sentence (from the transcript) is a greeting or filler, or too long to land. */
import { fixedGrade, type Rule } from './rule';

const WEAK_OPENERS = /^(so|um+|uh+|hi|hey|hello|welcome( back)?|what'?s up|in this video|today (i|we)|okay|ok|alright)\b/i;

export const hookOpeningLine: Rule = {
  name: 'hook opening line',
  run({ transcript }) {
    if (!transcript || !transcript.segments.length) return [];
    const firstLine = transcript.segments[0].text.trim();
    const words = firstLine.split(/\s+/).filter(Boolean);
    if (!WEAK_OPENERS.test(firstLine) && words.length <= 18) return [];
    const quote = words.slice(0, 12).join(' ') + (words.length > 12 ? '...' : '');
    return [{
      code: 'hook_opening_line', category: 'hook', problemType: 'content', time_s: transcript.segments[0].start_s, hook: true,
      ...fixedGrade('medium'), presumes: ['speech', 'words'],
      evidence: WEAK_OPENERS.test(firstLine) ? `opens with "${quote}" (a greeting or filler, not the payoff)` : `first sentence is ${words.length} words long: "${quote}"`,
      facts: { quote },
    }];
  },
};
