/**
 * Burned-in captions on a speech-led short: many feed viewers watch without sound, so a video carried by speech needs
 * its words on screen. Judged on the frames read during speech (vision/reading.ts says what counts as a caption).
 */
import { C } from '../model/constants';
import { readCaptions } from '../vision/reading';
import { pct, possessive, type Rule } from './rule';


export const captions: Rule = {
  name: 'captions',
  run({ m, preset }) {
    if (!preset.captionsExpected || !m.vision_frames_s || m.speech_ratio < C.CAPTIONS_SPEECH_LED_RATIO) return [];
    const r = readCaptions(m);
    const read = r.speechFrames.length;
    if (read < C.CAPTIONS_MIN_FRAMES || r.captionFrames.length / read >= C.CAPTIONS_MIN_COVERAGE) return [];
    const shown = r.captionFrames.length
      ? `captions on only ${r.captionFrames.length} of ${read} frames read during speech`
      : `no caption text on any of the ${read} frames read during speech`;
    return [{
      code: 'no_captions', category: 'engagement', problemType: 'content', severity: 'medium', time_s: m.first_speech_s ?? r.speechFrames[0],
      evidence: `${shown}; someone speaks for ${pct(m.speech_ratio)} of the video`,
      facts: { platform: preset.label, platforms: possessive(preset.label), speech: pct(m.speech_ratio) },
    }];
  },
};
