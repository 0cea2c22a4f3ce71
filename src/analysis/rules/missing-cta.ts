/** No ask to follow, comment or subscribe near the end of the transcript. */
import { C } from '../model/constants';
import { fixedGrade, r0, type Rule } from './rule';

const CTA_WORDS = /\b(follow|subscribe|comment|like|share|link in (my |the )?bio|link below|check out|sign up|download|click|save this|let me know|tell me)\b/i;

export const missingCta: Rule = {
  name: 'missing call to action',
  run({ D, transcript }) {
    if (!transcript || !transcript.segments.length) return [];
    const tailFrom = D * (1 - C.CTA_TAIL_SHARE);
    const tailText = transcript.segments.filter((s) => s.end_s >= tailFrom).map((s) => s.text).join(' ');
    if (CTA_WORDS.test(tailText)) return [];
    const last = transcript.segments[transcript.segments.length - 1];
    const quote = last.text.trim().split(/\s+/).slice(-12).join(' ');
    return [{
      code: 'missing_cta', category: 'cta', problemType: 'content', time_s: Math.max(tailFrom, last.start_s), ...fixedGrade('medium'), presumes: ['speech', 'words'],
      evidence: `no ask to follow, comment or subscribe in the last ${r0(C.CTA_TAIL_SHARE * 100)} % of the transcript; last words: "${quote}"`,
      facts: { quote },
    }];
  },
};
