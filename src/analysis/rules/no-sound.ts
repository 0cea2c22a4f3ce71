/** Nothing to hear (no audio track, or a silent one): its own finding, critical where feeds play with sound on. */
import { f1, fixedGrade, type InternalSeverity, type Rule } from './rule';

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
    const I = m.loudness.integrated_lufs;
    return [{
      code: 'silent_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...fixedGrade(severity),
      evidence: `the audio track is silent from start to end (integrated loudness ${I === null || I <= -70 ? 'below -70' : f1(I)} LUFS)`,
      facts: { platform: preset.label }, modifiers: ['no_audio'],
    }];
  },
};
