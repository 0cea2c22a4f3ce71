/**
 * Loudness against the platform's target. Platforms turn loud audio down to the target but never lift quiet audio:
 * only the quiet side costs loudness, and the severity follows the gain the mix is missing. A negligible gap is no
 * issue at all.
 */
import { C } from '../model/constants';
import { f1, type InternalSeverity, type Rule } from './rule';

export const loudness: Rule = {
  name: 'loudness',
  run({ m, D, preset, signals }) {
    const I = m.loudness.integrated_lufs;
    if (!signals.audible || I === null) return [];
    const target = preset.targetLufs;
    const quietSev = loudnessGapSeverity(target - I);
    if (quietSev) {
      const below = target - I;
      return [{
        code: 'loudness_quiet', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D,
        severity: quietSev,
        evidence: `integrated loudness ${f1(I)} LUFS, ${f1(below)} LU under the ${target} LUFS ${preset.label} plays at (it does not raise quiet audio)`,
        facts: { lufs: f1(I), target, below: f1(below), platform: preset.label }, modifiers: below >= C.QUIET_MARGIN_LU ? ['quiet'] : [],
      }];
    }
    if (I > target + C.LOUDNESS_LOUD_LU) {
      return [{
        code: 'loudness_loud', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, severity: 'low',
        evidence: `integrated loudness ${f1(I)} LUFS; ${preset.label} turns anything above about ${target} LUFS down`,
        facts: { lufs: f1(I), target, platform: preset.label },
      }];
    }
    return [];
  },
};

/** Severity of a quiet mix from the loudness it is missing (LU under the platform target); null = negligible. */
export function loudnessGapSeverity(gapLu: number): InternalSeverity | null {
  if (!(gapLu >= C.LOUDNESS_QUIET_MIN_LU)) return null;
  if (gapLu >= C.LOUDNESS_QUIET_HIGH_LU) return 'high';
  if (gapLu >= C.LOUDNESS_QUIET_MEDIUM_LU) return 'medium';
  return 'low';
}
