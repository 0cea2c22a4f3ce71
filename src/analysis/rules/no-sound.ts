/**
 * Nothing to hear (no audio track, or a track of digital silence): its own finding, critical where feeds play with
 * sound on. A silent track is named as silent, with the stray blip it may carry, never as a level to raise.
 */
import { digitalSilence } from '../model/signals';
import { mss } from '../time';
import { fixedGrade, type InternalSeverity, type Rule } from './rule';

/** Where in its severity's band a video with nothing to hear starts, and how much further its length takes it. */
const NO_SOUND_WITHIN = 0.3;
const NO_SOUND_LENGTH_WITHIN = 0.2;

export const noSound: Rule = {
  name: 'no sound',
  run({ m, D, preset, signals }) {
    const severity: InternalSeverity = preset.soundOnFeed ? 'critical' : 'high';
    // Nothing to hear ranks above a quiet mix of the same severity (a talking head 10 LU quiet, within 0.14 of high,
    // never scores below a silent one) and grows with how long nothing is heard; kept low in the band so the rest of
    // the video still orders silent videos among themselves.
    const grade = fixedGrade(severity, NO_SOUND_WITHIN + NO_SOUND_LENGTH_WITHIN * (D / (D + 60)));
    if (!m.has_audio) {
      return [{
        code: 'no_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...grade,
        evidence: 'the file has no audio track', facts: { platform: preset.label }, modifiers: ['no_audio'],
      }];
    }
    if (signals.audible) return [];
    const silence = digitalSilence(m);
    const blip = silence && silence.soundS > 0 && silence.soundAt !== null
      ? ` apart from ${Math.round(silence.soundS * 1000)} ms of sound at ${mss(silence.soundAt)} (a blip, not something to hear)`
      : '';
    return [{
      code: 'silent_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...grade,
      evidence: `the audio track is silent: it carries digital silence from start to end${blip}`,
      facts: { platform: preset.label }, modifiers: ['no_audio'],
    }];
  },
};
