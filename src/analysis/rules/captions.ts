/**
 * Burned-in captions on a speech-led short: many feed viewers watch without sound, so a video carried by speech needs
 * its words on screen. Judged on the frames read during speech, from the one reading of the on-screen text
 * (vision/reading.ts), so it never says "no captions" about text the safe-zone check quotes.
 *
 * A claim of absence needs more than one detector's miss: OCR misses captions on busy pictures and in stylised fonts,
 * so captions read on CAPTIONS_PRESENT_MIN_FRAMES frames during speech count as captions throughout. One caption frame
 * (a pop-up title) is named as such, and text that stays the same (a handle, a title) is named for what it is.
 */
import { C } from '../model/constants';
import { mss } from '../time';
import { bestLine, nameOf, readText } from '../vision/reading';
import { fixedGrade, pct, possessive, type Rule } from './rule';

export const captions: Rule = {
  name: 'captions',
  run({ m, preset }) {
    if (!preset.captionsExpected || !m.vision_frames_s || m.speech_ratio < C.CAPTIONS_SPEECH_LED_RATIO) return [];
    const r = readText(m);
    const read = r.speechFrames.length;
    const shown = r.captionFrames.length;
    if (read < C.CAPTIONS_MIN_FRAMES || shown / read >= C.CAPTIONS_MIN_COVERAGE || shown >= C.CAPTIONS_PRESENT_MIN_FRAMES) return [];
    const other = bestLine(r.otherSpeechLines);
    const seen = shown
      ? `captions on only ${shown} of ${read} frames read during speech`
      : other
        ? `the spoken words are not on screen: the only text on the ${read} frames read during speech is ${nameOf(other, mss(other.time_s))}, which ${other.role === 'numbers' ? 'is numbers, not words' : 'stays the same (a title or a handle, not captions)'}`
        : `no caption text on any of the ${read} frames read during speech`;
    return [{
      code: 'no_captions', category: 'engagement', problemType: 'content', time_s: m.first_speech_s ?? r.speechFrames[0],
      // Sized by the share of the speech frames without captions.
      ...fixedGrade('medium', 1 - shown / read),
      evidence: `${seen}; someone speaks for ${pct(m.speech_ratio)} of the video`,
      facts: { platform: preset.label, platforms: possessive(preset.label), speech: pct(m.speech_ratio), shown, read },
      presumes: ['speech'],
    }];
  },
};
