/**
 * The applied preset's checks (length, aspect, loudness, hook window), each with what was measured, what the platform
 * asks for and the evidence. A check's status comes from the rules' findings before the feedback style picks which to
 * show, so every style sees the same checks and a check never disagrees with a rule: no finding → pass, a low-severity
 * note → warn, anything stronger → fail.
 */
import type { Metrics, PlatformCheck, PlatformChoice, PlatformPresetResult } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform } from '../model/constants';
import { autoChoiceReason } from '../model/platform-choice';
import { aspectName } from '../rules/platform-fit';
import type { Candidate, IssueCode } from '../rules/rule';
import { mss } from '../time';

const CHECK_CODES: Record<PlatformCheck['id'], IssueCode[]> = {
  length: ['platform_length'],
  aspect: ['platform_aspect', 'platform_orientation'],
  loudness: ['no_audio', 'silent_audio', 'loudness_quiet', 'loudness_loud'],
  hook: ['hook_black_opening', 'hook_frozen_opening', 'hook_slow_start', 'hook_opening_line'],
};
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'] as const;

const f1 = (v: number) => v.toFixed(1);

export function platformPresetResult(
  m: Metrics,
  requested: PlatformChoice,
  platform: Platform,
  candidates: Candidate[],
  hookHoldPct: number,
  hookWindowS: number,
): PlatformPresetResult {
  const preset = PLATFORM_PRESETS[platform];
  /** The strongest finding behind a check, if any. */
  const finding = (id: PlatformCheck['id']) =>
    candidates
      .filter((c) => CHECK_CODES[id].includes(c.code))
      .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))[0];
  const check = (id: PlatformCheck['id'], measured: string, target: string, passEvidence: string): PlatformCheck => {
    const found = finding(id);
    if (!found) return { id, status: 'pass', measured, target, evidence: passEvidence };
    return { id, status: found.severity === 'low' ? 'warn' : 'fail', measured, target, evidence: found.evidence };
  };

  // The window is the platform's, or the whole video when it is shorter: "3", "10", "4.5".
  const window = String(Math.round(hookWindowS * 10) / 10);
  const size = `${m.width} × ${m.height} (${aspectName(m.width, m.height)})`;
  const lufs = m.loudness.integrated_lufs;
  const firstCut = m.cuts[0];
  const opening = [
    m.first_speech_s === null ? 'no speech' : `first words at ${f1(m.first_speech_s)} s`,
    firstCut === undefined ? 'no cut' : `first cut at ${f1(firstCut)} s`,
  ].join(', ');

  return {
    platform,
    requested,
    auto_reason: requested === 'auto' ? autoChoiceReason(m) : null,
    checks: [
      check(
        'length',
        mss(m.duration_s),
        preset.maxDurationS === null ? 'any length' : `up to ${mss(preset.maxDurationS)}`,
        preset.maxDurationS === null ? `${preset.label} takes videos of any length` : `${mss(m.duration_s)} is within the ${mss(preset.maxDurationS)} ${preset.label} allows`,
      ),
      check(
        'aspect',
        size,
        preset.maxAspect !== null ? 'vertical or square' : preset.prefersVertical ? 'vertical 9:16' : 'any shape',
        preset.prefersVertical ? `${m.width}x${m.height} is not wider than square; ${preset.label} shows it full height` : `${preset.label} shows any shape`,
      ),
      check(
        'loudness',
        !m.has_audio ? 'no audio track' : lufs === null ? 'not measured' : `${f1(lufs)} LUFS`,
        `${preset.targetLufs} LUFS`,
        lufs === null
          ? 'no loudness could be measured'
          : `${f1(lufs)} LUFS is within ${C.LOUDNESS_QUIET_MIN_LU} LU under and ${C.LOUDNESS_LOUD_LU} LU over the ${preset.targetLufs} LUFS ${preset.label} plays at`,
      ),
      check(
        'hook',
        opening,
        `a hook in the first ${window} s`,
        `${opening}; predicted ${Math.round(hookHoldPct)} % still watching at ${window} s (model estimate)`,
      ),
    ],
  };
}
