/**
 * Rules: measured signals -> candidate issues (style-independent). Each candidate carries the evidence (the
 * measured fact), the internal severity and links to the model (penalty sources / modifiers / hook) so its
 * potential retention boost can be predicted. Wording per feedback style is in ./wording.ts; selection per style in ../derive.ts (selectCandidates).
 */
import type { Metrics, Segment } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform } from '../model/constants';
import {
  activeLoudnessMedian,
  coverage,
  hasAudibleSound,
  lowEnergySegments,
  mergeSegments,
  pacingLulls,
  visualQuality,
  type GlobalModifier,
  type ModelResult,
} from '../model/retention';
import { mss } from '../time';
import { describeSingleTake, singleTakes } from './single-take';

export type InternalSeverity = 'critical' | 'high' | 'medium' | 'low';
export type Category = 'hook' | 'retention' | 'algorithm' | 'engagement' | 'cta';
export type ProblemType = 'retention_cliff' | 'content' | 'visual' | 'pacing' | 'audio' | 'content_quality' | 'none';

export type IssueCode =
  | 'hook_slow_start'
  | 'hook_black_opening'
  | 'hook_frozen_opening'
  | 'hook_opening_line'
  | 'dead_segment'
  | 'dead_air'
  | 'static_stretch'
  | 'talking_head_no_cut'
  | 'single_take'
  | 'pacing_lull'
  | 'low_energy'
  | 'loudness_quiet'
  | 'loudness_loud'
  | 'clipping'
  | 'too_dark'
  | 'washed_out'
  | 'no_audio'
  | 'silent_audio'
  | 'platform_length'
  | 'platform_aspect'
  | 'platform_orientation'
  | 'long_tail'
  | 'missing_cta';

export interface Candidate {
  code: IssueCode;
  id: string;
  category: Category;
  severity: InternalSeverity;
  problemType: ProblemType;
  time_s: number;
  end_s?: number;
  evidence: string;
  /** Values used by the wording templates. */
  facts: Record<string, string | number>;
  sources?: string[];
  modifiers?: GlobalModifier[];
  hook?: boolean;
}

export interface Transcript {
  text: string;
  segments: Array<{ start_s: number; end_s: number; text: string }>;
}

const f1 = (v: number) => v.toFixed(1);
const r0 = (v: number) => Math.round(v);
const sevRank: Record<InternalSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
export const severityRank = (s: InternalSeverity) => sevRank[s];

function sourcesIn(model: ModelResult, kinds: string[], seg: Segment): string[] {
  return model.sources
    .filter((s) => kinds.includes(s.kind) && Math.min(s.end_s, seg.end_s) - Math.max(s.start_s, seg.start_s) > 0.1)
    .map((s) => s.key);
}

const CTA_WORDS = /\b(follow|subscribe|comment|like|share|link in (my |the )?bio|link below|check out|sign up|download|click|save this|let me know|tell me)\b/i;
const WEAK_OPENERS = /^(so|um+|uh+|hi|hey|hello|welcome( back)?|what'?s up|in this video|today (i|we)|okay|ok|alright)\b/i;

export function buildCandidates(m: Metrics, platform: Platform, model: ModelResult, transcript: Transcript | null): Candidate[] {
  const out: Candidate[] = [];
  const D = m.duration_s;
  const preset = PLATFORM_PRESETS[platform];
  const add = (c: Omit<Candidate, 'id'>) => out.push({ ...c, id: `${c.code.replace(/_/g, '-')}-${Math.round(c.time_s * 10)}` });
  const hookWin = model.hook.windowS;

  // ---------------------------------------------------------------- hook
  const blackOpen = m.black_segments.find((b) => b.start_s <= 0.1 && b.end_s >= C.BLACK_OPENING_MIN_S);
  if (blackOpen) {
    const len = Math.min(blackOpen.end_s, D);
    add({
      code: 'hook_black_opening', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: len, hook: true,
      severity: len >= 2 ? 'critical' : len >= C.BLACK_OPENING_HIGH_S ? 'high' : 'medium',
      evidence: `black screen for the first ${f1(len)} s`, facts: { len: f1(len) },
    });
  }
  const speechInOpen = coverage(m.speech_segments, 0, Math.min(3, D)) > 0.5;
  const staticOpen = mergeSegments([...m.static_segments, ...m.frozen_segments]).find((s) => s.start_s <= 0.3);
  if (!blackOpen && staticOpen && staticOpen.end_s >= C.FROZEN_OPENING_MIN_S && !speechInOpen) {
    const len = Math.min(staticOpen.end_s, D);
    add({
      code: 'hook_frozen_opening', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: len, hook: true,
      severity: len >= 2 ? 'high' : 'medium',
      evidence: `the picture does not change for the first ${f1(len)} s and nobody speaks`, facts: { len: f1(len) },
    });
  }
  const firstCut = m.cuts.length ? m.cuts[0] : null;
  const earlyMotion = m.tracks.motion.slice(0, 2).some((v) => v >= C.STATIC_MOTION_MAX * 2);
  if (m.first_speech_s !== null && m.first_speech_s > C.HOOK_FIRST_WORDS_MEDIUM_S) {
    const fs = m.first_speech_s;
    const visual = firstCut !== null && firstCut < C.HOOK_VISUAL_CHANGE_S ? `first cut at ${f1(firstCut)} s` : earlyMotion ? 'some movement early' : 'no cut or movement before then';
    add({
      code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: fs, hook: true,
      severity: fs > C.HOOK_FIRST_WORDS_HIGH_S ? 'high' : 'medium',
      evidence: `first words at ${f1(fs)} s; ${visual}`, facts: { first: f1(fs) },
    });
  } else if (m.first_speech_s === null && !(firstCut !== null && firstCut < C.HOOK_VISUAL_CHANGE_S) && !earlyMotion && !blackOpen && !staticOpen) {
    add({
      code: 'hook_slow_start', category: 'hook', problemType: 'retention_cliff', time_s: 0, end_s: Math.min(3, D), hook: true,
      severity: 'medium', evidence: `no speech in the video and no cut or movement in the first ${C.HOOK_VISUAL_CHANGE_S} s`, facts: { first: 'never' },
    });
  }
  if (transcript && transcript.segments.length) {
    const firstLine = transcript.segments[0].text.trim();
    const words = firstLine.split(/\s+/).filter(Boolean);
    if (WEAK_OPENERS.test(firstLine) || words.length > 18) {
      const quote = words.slice(0, 12).join(' ') + (words.length > 12 ? '...' : '');
      add({
        code: 'hook_opening_line', category: 'hook', problemType: 'content', time_s: transcript.segments[0].start_s, hook: true,
        severity: 'medium',
        evidence: WEAK_OPENERS.test(firstLine) ? `opens with "${quote}" (a greeting or filler, not the payoff)` : `first sentence is ${words.length} words long: "${quote}"`,
        facts: { quote },
      });
    }
  }

  // ---------------------------------------------------------------- dead air, static, dead segments
  const statics = mergeSegments([...m.static_segments, ...m.frozen_segments]);
  const tailStart = m.last_speech_end_s ?? null;
  const usedStatic = new Set<Segment>();
  const audible = hasAudibleSound(m);
  for (const s of audible ? m.silences : []) {
    const len = s.end_s - s.start_s;
    if (len < C.DEAD_AIR_MIN_S || s.start_s < 0.5) continue; // the opening is the hook rules' business
    if (s.end_s >= D - 0.15 && tailStart !== null && s.start_s >= tailStart - 0.5) continue; // long tail rule
    if (m.speech_segments.length === 0 && s.end_s >= D - 0.15) continue;
    // "Nothing happens" needs a real stretch of silence over a still picture; a short pause stays "dead air".
    const st = statics.find((g) => Math.min(g.end_s, s.end_s) - Math.max(g.start_s, s.start_s) >= C.DEAD_AIR_MEDIUM_S);
    if (st) {
      usedStatic.add(st);
      const a = Math.max(st.start_s, s.start_s);
      const b = Math.min(st.end_s, s.end_s);
      const both = b - a;
      add({
        code: 'dead_segment', category: 'retention', problemType: 'retention_cliff', time_s: a, end_s: b,
        severity: both >= C.STATIC_ISSUE_HIGH_S ? 'critical' : both >= C.DEAD_AIR_HIGH_S ? 'high' : 'medium',
        evidence: `${f1(both)} s of silence over a still picture from ${mss(a)}`, facts: { len: f1(both), at: mss(a) },
        sources: [...sourcesIn(model, ['dead_air', 'static'], { start_s: a, end_s: b })],
      });
      continue;
    }
    add({
      code: 'dead_air', category: 'retention', problemType: 'audio', time_s: s.start_s, end_s: s.end_s,
      severity: len >= C.DEAD_AIR_HIGH_S ? 'high' : len >= C.DEAD_AIR_MEDIUM_S ? 'medium' : 'low',
      evidence: `${f1(len)} s of silence from ${mss(s.start_s)} (nobody speaking, no music)`, facts: { len: f1(len), at: mss(s.start_s) },
      sources: sourcesIn(model, ['dead_air'], s),
    });
  }
  for (const st of statics) {
    if (usedStatic.has(st)) continue;
    if (st.start_s <= 0.3 && out.some((c) => c.code === 'hook_frozen_opening' || c.code === 'hook_black_opening')) continue;
    const len = st.end_s - st.start_s;
    const speechShare = coverage(m.speech_segments, st.start_s, st.end_s) / Math.max(len, 1e-6);
    const cutsInside = m.cuts.filter((c) => c > st.start_s + 0.2 && c < st.end_s - 0.2).length;
    if (speechShare >= C.TALKING_HEAD_SPEECH_SHARE) {
      // A talking head / narrated screen recording: not dead. Only a very long uncut stretch gets a gentle note.
      if (len >= C.TALKING_HEAD_NO_CUT_S && cutsInside === 0) {
        add({
          code: 'talking_head_no_cut', category: 'engagement', problemType: 'pacing', time_s: st.start_s, end_s: st.end_s, severity: 'low',
          evidence: `${f1(len)} s of the same still framing from ${mss(st.start_s)} (speech ${r0(speechShare * 100)} % of it)`,
          facts: { len: f1(len), at: mss(st.start_s) }, sources: sourcesIn(model, ['static'], st),
        });
      }
      continue;
    }
    if (len < C.STATIC_ISSUE_MIN_S) continue;
    add({
      code: 'static_stretch', category: 'retention', problemType: 'visual', time_s: st.start_s, end_s: st.end_s,
      severity: len >= C.STATIC_ISSUE_HIGH_S ? 'high' : 'medium',
      evidence: `${f1(len)} s without a cut or movement from ${mss(st.start_s)}${speechShare > 0.05 ? ` (speech only ${r0(speechShare * 100)} % of it)` : ''}`,
      facts: { len: f1(len), at: mss(st.start_s) }, sources: sourcesIn(model, ['static'], st),
    });
  }
  // ---------------------------------------------------------------- pacing lulls (against the video's own rhythm)
  for (const l of pacingLulls(m)) {
    const covered = out.some((c) => c.end_s !== undefined && (c.code === 'dead_segment' || c.code === 'static_stretch' || c.code === 'talking_head_no_cut') &&
      Math.min(c.end_s, l.end_s) - Math.max(c.time_s, l.start_s) > (l.end_s - l.start_s) * 0.5);
    if (covered) continue;
    add({
      code: 'pacing_lull', category: 'retention', problemType: 'pacing', time_s: l.start_s, end_s: l.end_s,
      severity: l.shot_s >= 2 * l.threshold_s ? 'medium' : 'low',
      evidence: `${f1(l.shot_s)} s without a cut from ${mss(l.start_s)}; your median shot is ${f1(m.median_shot_s)} s`,
      facts: { len: f1(l.shot_s), at: mss(l.start_s), median: f1(m.median_shot_s) }, sources: sourcesIn(model, ['lull'], l),
    });
  }
  // ---------------------------------------------------------------- single takes (few cuts: the platform's pace)
  const coveredVisual = out.filter((c) => c.end_s !== undefined && ['dead_segment', 'static_stretch', 'hook_frozen_opening', 'hook_black_opening'].includes(c.code))
    .map((c) => ({ start_s: c.time_s, end_s: c.end_s! }));
  for (const t of singleTakes(m, platform, coveredVisual)) {
    // The older long-talking-head note said the same thing less precisely.
    for (let i = out.length - 1; i >= 0; i--) {
      const c = out[i];
      if (c.code === 'talking_head_no_cut' && Math.min(c.end_s!, t.end_s) - Math.max(c.time_s, t.start_s) > 0) out.splice(i, 1);
    }
    const d = describeSingleTake(t, preset.label);
    add({
      code: 'single_take', category: 'engagement', problemType: 'pacing', time_s: t.start_s, end_s: t.end_s, severity: d.severity,
      evidence: d.evidence, facts: d.facts, sources: sourcesIn(model, ['static', 'lull'], t),
    });
  }
  // ---------------------------------------------------------------- energy
  const med = activeLoudnessMedian(m);
  for (const s of lowEnergySegments(m)) {
    const lvl = m.loudness.track.slice(Math.floor(s.start_s), Math.ceil(s.end_s));
    const mean = lvl.reduce((a, v) => a + v, 0) / Math.max(1, lvl.length);
    add({
      code: 'low_energy', category: 'engagement', problemType: 'audio', time_s: s.start_s, end_s: s.end_s, severity: 'low',
      evidence: `${f1(s.end_s - s.start_s)} s at about ${r0(mean)} LUFS from ${mss(s.start_s)}, against ${r0(med ?? 0)} LUFS for the rest of the video`,
      facts: { len: f1(s.end_s - s.start_s), at: mss(s.start_s) }, sources: sourcesIn(model, ['low_energy'], s),
    });
  }
  // ---------------------------------------------------------------- audio technical
  // Nothing to hear: its own finding, critical where feeds play with sound on, said plainly.
  const noSoundSeverity: InternalSeverity = preset.soundOnFeed ? 'critical' : 'high';
  if (!m.has_audio) {
    add({
      code: 'no_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, severity: noSoundSeverity,
      evidence: 'the file has no audio track', facts: { platform: preset.label }, modifiers: ['no_audio'],
    });
  } else if (!audible) {
    const I = m.loudness.integrated_lufs;
    add({
      code: 'silent_audio', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, severity: noSoundSeverity,
      evidence: `the audio track is silent from start to end (integrated loudness ${I === null || I <= -70 ? 'below -70' : f1(I)} LUFS)`,
      facts: { platform: preset.label }, modifiers: ['no_audio'],
    });
  } else {
    const I = m.loudness.integrated_lufs;
    const target = preset.targetLufs;
    // Platforms turn loud audio down to the target but never lift quiet audio: only the quiet side costs loudness,
    // and the severity follows the gain the mix is missing. A negligible gap is no issue at all.
    const quietSev = I !== null ? loudnessGapSeverity(target - I) : null;
    if (I !== null && quietSev) {
      const below = target - I;
      add({
        code: 'loudness_quiet', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D,
        severity: quietSev,
        evidence: `integrated loudness ${f1(I)} LUFS, ${f1(below)} LU under the ${target} LUFS ${preset.label} plays at (it does not raise quiet audio)`,
        facts: { lufs: f1(I), target, below: f1(below), platform: preset.label }, modifiers: below >= C.QUIET_MARGIN_LU ? ['quiet'] : [],
      });
    } else if (I !== null && I > target + C.LOUDNESS_LOUD_LU) {
      add({
        code: 'loudness_loud', category: 'algorithm', problemType: 'audio', time_s: 0, end_s: D, severity: 'low',
        evidence: `integrated loudness ${f1(I)} LUFS; ${preset.label} turns anything above about ${target} LUFS down`,
        facts: { lufs: f1(I), target, platform: preset.label },
      });
    }
    // True peak as it will play: after the platform turns a loud mix down, its peaks come down by the same amount.
    const tp = m.loudness.true_peak_dbtp;
    const turnDown = I !== null ? Math.max(0, I - target) : 0;
    const playedPeak = tp !== null ? tp - turnDown : null;
    if (tp !== null && playedPeak !== null && playedPeak > C.CLIP_TRUE_PEAK_DBTP) {
      const over = playedPeak - C.CLIP_TRUE_PEAK_DBTP;
      const t = loudestSecond(m);
      add({
        code: 'clipping', category: 'algorithm', problemType: 'audio', time_s: t, end_s: Math.min(D, t + 1),
        severity: over >= C.CLIP_HIGH_OVER_DB ? 'high' : over >= C.CLIP_MEDIUM_OVER_DB ? 'medium' : 'low',
        evidence: `true peak ${f1(tp)} dBTP${turnDown > 0 ? ` (${f1(playedPeak)} dBTP after ${preset.label} turns the mix down ${f1(turnDown)} dB)` : ''}, above the -1 dBTP limit; loudest around ${mss(t)}`,
        facts: { tp: f1(playedPeak) }, modifiers: ['clipping'],
      });
    }
  }
  // ---------------------------------------------------------------- picture
  const vq = visualQuality(m);
  if (vq.dark) {
    const t = darkestSecond(m);
    add({
      code: 'too_dark', category: 'engagement', problemType: 'content_quality', time_s: t, severity: vq.veryDark ? 'high' : 'medium',
      evidence: `median brightness ${r0(vq.medianBrightness)} of 255 (well-exposed video sits around 90-140)`, facts: { y: r0(vq.medianBrightness) }, modifiers: ['dark'],
    });
  } else if (vq.washedOut) {
    add({
      code: 'washed_out', category: 'engagement', problemType: 'content_quality', time_s: 0, severity: 'low',
      evidence: `median brightness ${r0(vq.medianBrightness)} with contrast only ${r0(vq.medianContrast)} (10th-90th percentile luma spread)`,
      facts: { y: r0(vq.medianBrightness), c: r0(vq.medianContrast) }, modifiers: ['washed_out'],
    });
  }
  // ---------------------------------------------------------------- platform fit
  if (preset.maxDurationS !== null && D > preset.maxDurationS + 0.5) {
    add({
      code: 'platform_length', category: 'algorithm', problemType: 'content', time_s: preset.maxDurationS, severity: 'critical',
      evidence: `${mss(D)} long; ${preset.label} allows up to ${mss(preset.maxDurationS)}`, facts: { len: mss(D), max: mss(preset.maxDurationS), platform: preset.label },
    });
  }
  const aspect = m.aspect_ratio;
  if (preset.maxAspect !== null && aspect > preset.maxAspect + 0.01) {
    add({
      code: 'platform_aspect', category: 'algorithm', problemType: 'visual', time_s: 0, severity: 'critical',
      evidence: `${m.width}x${m.height} (${aspectName(m.width, m.height)}) is wider than square; ${preset.label} needs vertical or square video`,
      facts: { size: `${m.width}x${m.height}`, platform: preset.label },
    });
  } else if (preset.prefersVertical && aspect > 1.01) {
    add({
      code: 'platform_orientation', category: 'algorithm', problemType: 'visual', time_s: 0, severity: 'low',
      evidence: `${m.width}x${m.height} is horizontal; ${preset.label} fills the screen with 9:16 vertical video`,
      facts: { size: `${m.width}x${m.height}`, platform: preset.label },
    });
  }
  // ---------------------------------------------------------------- ending
  if (m.last_speech_end_s !== null && m.speech_ratio > 0.1) {
    const tail = D - m.last_speech_end_s;
    if (tail >= C.TAIL_AFTER_SPEECH_MIN_S) {
      const tailSeg = { start_s: m.last_speech_end_s, end_s: D };
      add({
        code: 'long_tail', category: 'cta', problemType: 'pacing', time_s: m.last_speech_end_s, end_s: D,
        severity: tail >= C.TAIL_AFTER_SPEECH_HIGH_S ? 'high' : 'medium',
        evidence: `${f1(tail)} s after the last words (at ${mss(m.last_speech_end_s)}) before the video ends`,
        facts: { len: f1(tail), at: mss(m.last_speech_end_s) }, sources: sourcesIn(model, ['dead_air', 'static', 'lull', 'low_energy'], tailSeg),
      });
    }
  }
  if (transcript && transcript.segments.length) {
    const tailFrom = D * (1 - C.CTA_TAIL_SHARE);
    const tailText = transcript.segments.filter((s) => s.end_s >= tailFrom).map((s) => s.text).join(' ');
    if (!CTA_WORDS.test(tailText)) {
      const last = transcript.segments[transcript.segments.length - 1];
      const quote = last.text.trim().split(/\s+/).slice(-12).join(' ');
      add({
        code: 'missing_cta', category: 'cta', problemType: 'content', time_s: Math.max(tailFrom, last.start_s), severity: 'medium',
        evidence: `no ask to follow, comment or subscribe in the last ${r0(C.CTA_TAIL_SHARE * 100)} % of the transcript; last words: "${quote}"`,
        facts: { quote },
      });
    }
  }
  // Issue timestamps must point at a real frame.
  for (const c of out) c.time_s = Math.max(0, Math.min(c.time_s, Math.max(0, D - 0.05)));
  return out.sort((a, b) => sevRank[a.severity] - sevRank[b.severity] || a.time_s - b.time_s);
}

function loudestSecond(m: Metrics): number {
  let best = 0;
  m.loudness.track.forEach((v, i) => {
    if (v > (m.loudness.track[best] ?? -Infinity)) best = i;
  });
  return best;
}
function darkestSecond(m: Metrics): number {
  let best = 0;
  m.tracks.brightness.forEach((v, i) => {
    if (v < (m.tracks.brightness[best] ?? Infinity)) best = i;
  });
  return best;
}
function aspectName(w: number, h: number): string {
  const r = w / Math.max(1, h);
  if (Math.abs(r - 16 / 9) < 0.03) return '16:9';
  if (Math.abs(r - 4 / 3) < 0.03) return '4:3';
  if (Math.abs(r - 1) < 0.03) return '1:1';
  if (Math.abs(r - 9 / 16) < 0.03) return '9:16';
  return `${r.toFixed(2)}:1`;
}

/** Severity of a quiet mix from the loudness it is missing (LU under the platform target); null = negligible. */
export function loudnessGapSeverity(gapLu: number): InternalSeverity | null {
  if (!(gapLu >= C.LOUDNESS_QUIET_MIN_LU)) return null;
  if (gapLu >= C.LOUDNESS_QUIET_HIGH_LU) return 'high';
  if (gapLu >= C.LOUDNESS_QUIET_MEDIUM_LU) return 'medium';
  return 'low';
}

/** The best overall performance score the worst finding allows (C.SEVERITY_SCORE_CAP); 100 without findings. */
export function performanceCap(cands: Candidate[]): number {
  return cands.reduce((cap, c) => Math.min(cap, C.SEVERITY_SCORE_CAP[c.severity] ?? 100), 100);
}

/** Sum of severity penalties for the risk score (all candidates; style does not change the risk). */
export function issuePenalty(cands: Candidate[]): number {
  return Math.min(1, cands.reduce((a, c) => a + (C.ISSUE_PENALTY[c.severity] ?? 0), 0));
}
