/**
 * Loudness against the platform's target. Platforms turn loud audio down to the target but never lift quiet audio:
 * only the quiet side costs loudness, and the severity follows the gain the mix is missing. A negligible gap is no
 * issue at all.
 */
import { C } from '../model/constants';
import { f1, graded, type Graded, type Rule } from './rule';

export const loudness: Rule = {
  name: 'loudness',
  run({ m, D, preset, signals }) {
    const I = m.loudness.integrated_lufs;
    if (!signals.audible || I === null) return [];
    const target = preset.targetLufs;
    const quiet = loudnessGap(target - I);
    if (quiet) {
      const below = target - I;
      return [{
        code: 'loudness_quiet', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...quiet, presumes: ['sound'],
        evidence: `integrated loudness ${f1(I)} LUFS, ${f1(below)} LU under the ${target} LUFS ${preset.label} plays at (it does not raise quiet audio)`,
        facts: { lufs: f1(I), target, below: f1(below), platform: preset.label }, modifiers: below >= C.QUIET_MARGIN_LU ? ['quiet'] : [],
      }];
    }
    const loud = graded(I - target, { from: { low: C.LOUDNESS_LOUD_LU }, halfBeyond: C.LOUDNESS_LOUD_LU });
    if (loud && I > target + C.LOUDNESS_LOUD_LU) {
      return [{
        code: 'loudness_loud', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, ...loud, presumes: ['sound'],
        evidence: `integrated loudness ${f1(I)} LUFS; ${preset.label} turns anything above about ${target} LUFS down`,
        facts: { lufs: f1(I), target, platform: preset.label },
      }];
    }
    return [];
  },
};

/**
 * Severity and grade of a quiet mix from the loudness it is missing (LU under the platform target); null =
 * negligible. Past high, a mix LOUDNESS_QUIET_HALF_BEYOND_LU further down counts halfway to as bad as it gets.
 */
export function loudnessGap(gapLu: number): Graded | null {
  if (!(gapLu >= C.LOUDNESS_QUIET_MIN_LU)) return null;
  return graded(gapLu, {
    from: { low: C.LOUDNESS_QUIET_MIN_LU, medium: C.LOUDNESS_QUIET_MEDIUM_LU, high: C.LOUDNESS_QUIET_HIGH_LU },
    halfBeyond: C.LOUDNESS_QUIET_HALF_BEYOND_LU,
  });
}

/** Severity of a quiet mix (see loudnessGap). */
export const loudnessGapSeverity = (gapLu: number) => loudnessGap(gapLu)?.severity ?? null;
