/**
 * Nothing to hear (no audio track, or a track of digital silence): its own finding, critical where feeds play with
 * sound on. A silent track is named as silent, with the stray blip it may carry, never as a level to raise.
 */
import { digitalSilence } from '../model/signals';
import { mss } from '../time';
import { fixedGrade, type InternalSeverity, type Rule } from './rule';

export const noSound: Rule = {
  name: 'no sound',
  run({ m, D, preset, signals }) {
    const severity: InternalSeverity = preset.soundOnFeed ? 'critical' : 'high';
    if (!m.has_audio) {
      return [{
        code: 'no_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...fixedGrade(severity),
        evidence: 'the file has no audio track', facts: { platform: preset.label }, modifiers: ['no_audio'],
      }];
    }
    if (signals.audible) return [];
    const silence = digitalSilence(m);
    const blip = silence && silence.soundS > 0 && silence.soundAt !== null
      ? ` apart from ${Math.round(silence.soundS * 1000)} ms of sound at ${mss(silence.soundAt)} (a blip, not something to hear)`
      : '';
    return [{
      code: 'silent_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D,
      // Sized by how long nothing is heard: a longer silent video loses more of its viewers to it.
      ...fixedGrade(severity, D / (D + 60)),
      evidence: `the audio track is silent: it carries digital silence from start to end${blip}`,
      facts: { platform: preset.label }, modifiers: ['no_audio'],
    }];
  },
};
