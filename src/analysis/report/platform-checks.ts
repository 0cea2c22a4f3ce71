/**
 * The applied preset's checks (length, aspect, loudness, hook window), each with what was measured, what the platform
 * asks for and the evidence. A check's status comes from the rules' findings before the feedback style picks which to
 * show, so every style sees the same checks and a check never disagrees with a rule: no finding → pass, a low-severity
 * note → warn, anything stronger → fail.
 */
import type { Metrics, PlatformCheck, PlatformChoice, PlatformPresetResult } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform, type SafeZone } from '../model/constants';
import { autoChoiceReason } from '../model/platform-choice';
import { digitalSilence } from '../model/signals';
import { aspectName } from '../rules/platform-fit';
import type { Candidate, IssueCode } from '../rules/rule';
import { pct, possessive } from '../rules/rule';
import { mss } from '../time';
import { bestLine, coveredItems, quote, readText, zoneBands } from '../vision/reading';

const CHECK_CODES: Record<PlatformCheck['id'], IssueCode[]> = {
  length: ['platform_length'],
  aspect: ['platform_aspect', 'platform_orientation'],
  loudness: ['no_audio', 'silent_audio', 'loudness_quiet', 'loudness_loud'],
  hook: ['hook_black_opening', 'hook_frozen_opening', 'hook_slow_start', 'hook_opening_line'],
  safe_zone: ['safe_zone_text', 'safe_zone_face'],
  captions: ['no_captions'],
};
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'] as const;

const f1 = (v: number) => v.toFixed(1);
const NOT_READ = 'On-screen text and faces were not read for this report (it predates these checks, or reading failed: see the warnings). Analyse the video again to check them.';

/** "top 14 %, bottom 35 %, sides 6 %" / "top 13 %, bottom 22 %, right 16 %". */
function zoneText(zone: SafeZone): string {
  const parts = [`top ${pct(zone.top)}`, `bottom ${pct(zone.bottom)}`];
  if (zone.left && zone.left === zone.right) parts.push(`sides ${pct(zone.left)}`);
  else {
    if (zone.left) parts.push(`left ${pct(zone.left)}`);
    if (zone.right) parts.push(`right ${pct(zone.right)}`);
  }
  return parts.join(', ');
}

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
  const safeZoneCheck = (): PlatformCheck => {
    const zone = preset.safeZone;
    if (!zone) return { id: 'safe_zone', status: 'pass', measured: 'whole frame shown', target: 'nothing covered', evidence: `${possessive(preset.label)} player covers none of the picture while the video plays` };
    const target = `clear of ${zoneText(zone)}`;
    const frames = m.vision_frames_s;
    if (!frames) return { id: 'safe_zone', status: 'not_run', measured: 'not read', target, evidence: NOT_READ };
    if (m.aspect_ratio > C.SAFE_ZONE_MAX_ASPECT) {
      return { id: 'safe_zone', status: 'pass', measured: size, target, evidence: `${size} is not full-screen vertical video: ${preset.label} shows it in a band clear of its interface` };
    }
    const covered = coveredItems(m, zone);
    const on = (items: Array<{ item: { time_s: number } }>) => new Set(items.map((c) => c.item.time_s)).size;
    const measured = `text under the interface on ${on(covered.text)} of ${frames.length} frames read, faces on ${on(covered.faces)}`;
    const result = check('safe_zone', measured, target, `no text or face in the covered parts on the ${frames.length} frames read (${zone.source})`);
    const found = finding('safe_zone');
    if (!found) return result;
    // The frame of the finding, with the bands and every box found under them on it.
    const boxes = [...covered.text, ...covered.faces].filter((c) => c.item.time_s === found.time_s).map((c) => c.item.box);
    return { ...result, evidence: `${found.evidence} (${zone.source})`, overlay: { time_s: found.time_s, zones: zoneBands(zone).map((b) => b.box), boxes } };
  };
  const captionsCheck = (): PlatformCheck => {
    const target = preset.captionsExpected ? 'captions while someone speaks' : 'optional';
    if (!m.vision_frames_s) return { id: 'captions', status: 'not_run', measured: 'not read', target, evidence: NOT_READ };
    const r = readText(m);
    const measured = r.speechFrames.length ? `captions on ${r.captionFrames.length} of ${r.speechFrames.length} frames read during speech` : 'no speech';
    const speech = `someone speaks for ${Math.round(m.speech_ratio * 100)} % of the video`;
    if (!preset.captionsExpected) return { id: 'captions', status: 'pass', measured, target, evidence: `${preset.label} viewers mostly watch with sound and can turn on closed captions; ${speech}` };
    if (m.speech_ratio < C.CAPTIONS_SPEECH_LED_RATIO) return { id: 'captions', status: 'pass', measured, target, evidence: `${speech}: not speech-led, so captions are optional` };
    if (r.speechFrames.length < C.CAPTIONS_MIN_FRAMES) return { id: 'captions', status: 'not_run', measured, target, evidence: `only ${r.speechFrames.length} frames were read during speech: too few to judge` };
    const best = bestLine(r.captionLines);
    const sample = best?.quotable ? `, e.g. "${quote(best.text)}" at ${mss(best.time_s)}` : '';
    // Captions read on a few frames only: captioned all the same (the reader misses captions on busy pictures).
    const few = r.captionFrames.length / r.speechFrames.length < C.CAPTIONS_MIN_COVERAGE ? '; captions read on several frames mean the video is captioned (text on busy pictures is not always read)' : '';
    return check('captions', measured, target, `${measured}${sample}${few}; ${speech}`);
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
        !m.has_audio ? 'no audio track' : digitalSilence(m) ? 'silent track (digital silence)' : lufs === null ? 'not measured' : `${f1(lufs)} LUFS`,
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
      safeZoneCheck(),
      captionsCheck(),
    ],
  };
}
