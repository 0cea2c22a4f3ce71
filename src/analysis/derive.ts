/**
 * Derivation: measured metrics -> full report (model, issues, selection per style, scores, frames mapping).
 * Pure and synchronous: analyzeVideo() calls it after decoding, rederiveReport() calls it on a stored report's
 * metrics, so another feedback style or platform never needs the video again.
 */
import { C, PLATFORM_PRESETS, type Platform } from './model/constants';
import { resolvePlatform } from './model/platform-choice';
import { platformPresetResult } from './report/platform-checks';
import { wordChecksResult } from './report/word-checks';
import { runModel, type CalibrationParams, type ModelResult } from './model/retention';
import { computeSignals, type VideoSignals } from './model/signals';
import { dropOffs, optimizationLabel, riskLevel, roi, scores } from './model/scores';
import { buildFindings, type Candidate, type Transcript } from './rules/candidates';
import type {
  FeedbackStyle,
  Metrics,
  PlatformChoice,
  RatedSegment,
  Report,
} from '@preflight/shared';
import { validateReport, type RetentionCalibration } from '@preflight/shared';
import { mss } from './time';
import { nearestFrame, round2, type FrameRef } from './report/frame-ref';
import { issueLists, wordingFor, type Wording } from './report/issue-lists';
import { predictiveFrames } from './report/predictive-frames';
import { modelWithFixed, rankFindings, retentionGain, selectForStyle } from './report/fix-order';
import { fixableInTheEdit } from './report/fixable';
import type { FrameRequest } from './frames';
import { proposeEdit } from './edit';

export const ENGINE_VERSION = '1.0.0';
export const MODEL_VERSION = 'preflight-hazard-v1';
export const PREDICTION_NOTE =
  'Retention, drop-offs, risk and ROI are predicted by a heuristic model from the measured signals; they are estimates, not measured viewer data.';

export type VideoInfo = Report['video_info'];
export type { FrameRef } from './report/frame-ref';
export type AiMeta = Report['report_metadata']['ai_enrichment'];

export interface DeriveInput {
  metrics: Metrics;
  /** The style-independent assessment of these metrics for this platform, when already computed (analyzeVideo). */
  assessment?: Assessment;
  videoInfo: VideoInfo;
  style: FeedbackStyle;
  platform: PlatformChoice;
  frames: FrameRef[];
  transcript: Transcript | null;
  ai?: AiMeta;
  /** Model-rewritten fixes by issue id (AI enrichment). Only applied for the style they were written for. */
  rewrites?: Record<string, { fix: string; short?: string }>;
  analysisSeconds: number;
  warnings: string[];
  generatedAt?: string;
  rederivedFrom?: string;
  /** The creator's calibration (./model/calibration); absent = the general model, said so on the report. */
  calibration?: RetentionCalibration;
}

export { resolvePlatform } from './model/platform-choice';

/**
 * Everything about a video that does not depend on the feedback style, computed once and passed on: the derived
 * signals, the retention model over them, every rule's candidates, the predicted drop-offs, the rated segments and
 * each candidate's predicted retention boost. Frame selection and the report both read it.
 */
export interface Assessment {
  platform: Platform;
  signals: VideoSignals;
  model: ModelResult;
  /** The findings as listed (consistent, repeats of a rule merged into one). */
  candidates: Candidate[];
  /** The same findings with each moment on its own: the score's inputs, and every moment gets its frame. */
  each: Candidate[];
  drops: ReturnType<typeof dropOffs>;
  segments: RatedSegment[];
  /** Predicted gain in average watched share (percentage points) if the candidate were fixed. */
  boost(c: Candidate): number;
  /** Predicted rise of viewers still watching at the end (percentage points) if the candidate alone were fixed. */
  gain(c: Candidate): number;
}

export function assess(m: Metrics, choice: PlatformChoice, transcript: Transcript | null, calibration?: CalibrationParams | null): Assessment {
  const platform = resolvePlatform(choice, m);
  const signals = computeSignals(m, platform);
  const model = runModel({ metrics: m, platform, signals, calibration: calibration ?? undefined });
  const { shown: candidates, each } = buildFindings(m, platform, model, transcript);
  const boostCache = new Map<string, number>();
  const boost = (c: Candidate): number => {
    const hit = boostCache.get(c.id);
    if (hit !== undefined) return hit;
    const cf = model.curve({
      disabledSources: new Set(c.sources ?? []),
      disabledModifiers: new Set(c.modifiers ?? []),
      idealHook: !!c.hook,
    });
    const v = round2(Math.max(0, (cf.avgWatched - model.avgWatched) * 100));
    boostCache.set(c.id, v);
    return v;
  };
  const gainCache = new Map<string, number>();
  const gain = (c: Candidate): number => {
    let v = gainCache.get(c.id);
    if (v === undefined) gainCache.set(c.id, (v = retentionGain(model, c)));
    return v;
  };
  return { platform, signals, model, candidates, each, drops: dropOffs(model, m), segments: rateSegments(m, model), boost, gain };
}

/** Moments worth a frame, independent of feedback style (so any style can be re-derived later). */
export function frameTimes(m: Metrics, platform: PlatformChoice, transcript: Transcript | null = null, assessment = assess(m, platform, transcript)): FrameRequest[] {
  const cands = assessment.each;
  const drops = assessment.drops;
  const maxT = Math.max(0, m.duration_s - 0.05);
  // Every problem moment gets its exact frame; evenly spaced context frames cover the whole duration (their number
  // grows with it, up to a cap); segment midpoints fill what budget is left.
  const exact: number[] = [0, ...cands.map((c) => c.time_s), ...drops.map((d) => d.time_s)];
  const nEven = evenFrameCount(m.duration_s);
  const even: number[] = Array.from({ length: nEven }, (_, k) => (m.duration_s * (k + 0.5)) / nEven);
  const loose: number[] = assessment.segments.map((s) => (s.start_s + s.end_s) / 2);
  const out: FrameRequest[] = [];
  const add = (t: number, isExact: boolean) => {
    const tt = Math.round(Math.min(maxT, Math.max(0, t)) * 100) / 100;
    if (out.some((o) => Math.abs(o.time_s - tt) < (isExact ? 0.2 : 0.5))) return;
    if (out.length < C.MAX_FRAMES) out.push({ time_s: tt, exact: isExact });
  };
  for (const t of exact) add(t, true);
  for (const t of even) add(t, false);
  for (const t of loose) add(t, false);
  return out.sort((a, b) => a.time_s - b.time_s);
}

/** Evenly spaced context frames: one per EVEN_FRAME_SPACING_S, at least EVEN_FRAMES_MIN, at most EVEN_FRAMES_MAX. */
export function evenFrameCount(durationS: number): number {
  return Math.max(C.EVEN_FRAMES_MIN, Math.min(C.EVEN_FRAMES_MAX, Math.ceil(durationS / C.EVEN_FRAME_SPACING_S)));
}


/**
 * What a style lists, in the one order of every style (./report/fix-order.ts): the findings ranked by the viewers
 * each loses (`gain`), cut where the style stops (docs/product.md, Rules › Feedback style).
 */
export function selectCandidates(all: Candidate[], style: FeedbackStyle, gain: (c: Candidate) => number): Candidate[] {
  return selectForStyle(rankFindings(all, gain), style);
}

export function rateSegments(m: Metrics, model: ModelResult): RatedSegment[] {
  const D = m.duration_s;
  const n = Math.max(1, Math.round(D / C.SEGMENT_TARGET_S));
  const w = D / n;
  const out: RatedSegment[] = [];
  for (let k = 0; k < n; k++) {
    const s = k * w;
    const e = Math.min(D, (k + 1) * w);
    const i0 = Math.floor(s);
    const i1 = Math.max(i0 + 1, Math.ceil(e - 1e-6));
    let eng = 0;
    let excess = 0;
    for (let i = i0; i < i1; i++) {
      eng += model.engagement[i] ?? 0;
      for (const src of model.sources) excess += src.hazard.get(i) ?? 0; // penalties only (not the hook window)
    }
    eng /= i1 - i0;
    excess /= i1 - i0;
    const score = Math.max(0, Math.min(1, eng - excess * 8));
    const speech = m.speech_segments.reduce((a, g) => a + Math.max(0, Math.min(g.end_s, e) - Math.max(g.start_s, s)), 0) / Math.max(e - s, 1e-6);
    const cuts = m.cuts.filter((c) => c >= s && c < e).length;
    const motion = m.tracks.motion.slice(i0, i1);
    const meanMotion = motion.length ? [...motion].sort((a, b) => a - b)[Math.floor(motion.length / 2)] : 0; // median: cuts spike the mean
    const silent = m.silences.reduce((a, g) => a + Math.max(0, Math.min(g.end_s, e) - Math.max(g.start_s, s)), 0);
    const reasons: string[] = [];
    if (speech > 0.6) reasons.push(`speech ${Math.round(speech * 100)} % of the time`);
    if (cuts) reasons.push(`${cuts} cut${cuts > 1 ? 's' : ''}`);
    if (meanMotion >= C.ENGAGE_MOTION_FULL / 2) reasons.push('lots of movement');
    else if (meanMotion < C.STATIC_MOTION_MAX) reasons.push('still picture');
    if (silent >= 1) reasons.push(`${silent.toFixed(1)} s of silence`);
    if (speech <= 0.1 && m.has_audio && silent < 1) reasons.push('no speech');
    const deadShare = silent / Math.max(e - s, 1e-6);
    const rating = deadShare >= 0.4 || score <= C.SEGMENT_FLAT_MAX ? 'flat' : score >= C.SEGMENT_FIRE_MIN ? 'engaging' : 'neutral';
    out.push({ start_s: round2(s), end_s: round2(e), rating, score: round2(score), reasons });
  }
  return out;
}


/**
 * The fixes the report of `input` lists, in the style's own words (no rewrites): what AI rewriting is given, without
 * building the report first.
 */
export function fixesOf(input: Pick<DeriveInput, 'metrics' | 'assessment' | 'style' | 'platform' | 'frames' | 'transcript' | 'calibration'>): Report['prevention_analytics']['prevention_fixes'] {
  const assessment = input.assessment ?? assess(input.metrics, input.platform, input.transcript, input.calibration?.params);
  const chosen = selectCandidates(assessment.candidates, input.style, assessment.gain);
  return issueLists(chosen, input.style, wordingFor(input.style), input.frames, assessment.boost, assessment.gain).fixes;
}

export function deriveReport(input: DeriveInput): Report {
  const m = input.metrics;
  const assessment = input.assessment ?? assess(m, input.platform, input.transcript, input.calibration?.params);
  const { platform, model, candidates: all, boost, gain } = assessment;
  const chosen = selectCandidates(all, input.style, gain);
  const words = wordingFor(input.style, input.rewrites);
  const { detailed, actionItems, fixes } = issueLists(chosen, input.style, words, input.frames, boost, gain);

  const drops = assessment.drops;
  const sc = scores(model, assessment.each);
  const perf = 100 - sc.viral_risk_score;
  const segments = assessment.segments.map((s) => {
    const f = nearestFrame(input.frames, (s.start_s + s.end_s) / 2);
    return f ? { ...s, frame_image_path: f } : s;
  });

  const predictive = predictiveFrames(chosen, drops, input.frames, model, words);

  const points = retentionPoints(model, m.duration_s);
  const top = topRecommendations(chosen, words);
  const ifFixed = scoreIfFixed(assessment, perf);

  const label = optimizationLabel(perf);
  const ai = input.ai ?? { status: 'off', transcription: 'off', rewrite: 'off' };
  const first = chosen[0] ? { title: words(chosen[0]).title, at: mss(chosen[0].time_s), gain: gain(chosen[0]) } : undefined;
  const summary = summaryText(input.style, sc, label, first, PLATFORM_PRESETS[platform].label, chosen.length, { ...ifFixed, all: all.length });
  const report: Report = {
    schema_version: 1,
    video_info: input.videoInfo,
    overall_score_and_recommendations: {
      overall_performance_score: perf,
      optimization_label: label,
      risk_level: riskLevel(sc.viral_risk_score),
      summary,
      top_recommendations: top,
      score_if_fixed: ifFixed.score,
      fixable_issue_count: ifFixed.fixable,
    },
    viral_hook: {
      first_speech_s: m.first_speech_s,
      predicted_hook_hold: sc.hook_hold,
      hook_window_s: model.hook.windowS,
      action_items: actionItems,
    },
    detailed_analysis: detailed,
    report_metadata: {
      engine: 'preflight-analysis',
      engine_version: ENGINE_VERSION,
      model_version: MODEL_VERSION,
      generated_at: input.generatedAt ?? new Date().toISOString(),
      feedback_style: input.style,
      platform_requested: input.platform,
      platform,
      predictions_are_estimates: true,
      prediction_note: PREDICTION_NOTE,
      analysis_seconds: round2(input.analysisSeconds),
      issue_count: fixes.length,
      candidate_issue_count: all.length,
      ai_enrichment: ai,
      warnings: input.warnings,
      ...(input.rederivedFrom ? { rederived_from: input.rederivedFrom } : {}),
    },
    predictive_frames: predictive,
    prevention_analytics: {
      viral_risk_score: sc.viral_risk_score,
      predicted_drop_off_rate: sc.predicted_drop_off_rate,
      predicted_watch_time_loss: sc.predicted_watch_time_loss,
      prevention_roi: roi(model, m),
      prevention_fixes: fixes,
    },
    metrics: m,
    retention_curve: {
      predicted: true,
      label: input.calibration?.status === 'calibrated'
        ? `Predicted retention on ${PLATFORM_PRESETS[platform].label} (model estimate calibrated on your ${input.calibration.videos} posted videos, not measured)`
        : `Predicted retention on ${PLATFORM_PRESETS[platform].label} (model estimate, not measured)`,
      interval_s: 1,
      points,
    },
    ...(input.calibration ? { retention_calibration: input.calibration } : {}),
    drop_offs: drops,
    segments,
    transcript: input.transcript,
    frames: input.frames,
    platform_preset: platformPresetResult(m, input.platform, platform, all, sc.hook_hold, model.hook.windowS),
    word_checks: wordChecksResult(ai, m, input.transcript, all),
    // The proposed edit comes with the analysis: the same signals, the same model (no second decode).
    proposed_edit: proposeEdit(
      { metrics: m, platform, calibration: input.calibration?.params ?? null, transcript: input.transcript },
      {},
      { model, each: assessment.each, shown: all },
    ),
  };
  return validateReport(report);
}

/** The predicted curve as report points: one per second from 100 % at 0 s, the last at the exact duration. */
function retentionPoints(model: ModelResult, durationS: number): Array<{ t_s: number; retention_pct: number }> {
  const points: Array<{ t_s: number; retention_pct: number }> = [];
  for (let i = 0; i < model.survival.length; i++) {
    const t = Math.min(i, durationS);
    if (i > 0 && t <= points[points.length - 1].t_s) break;
    points.push({ t_s: round2(t), retention_pct: Math.round(model.survival[i] * 1000) / 10 });
  }
  return points;
}

/** The urgent fixes (the first three of the ranking), as "m:ss short fix". */
function topRecommendations(chosen: Candidate[], words: Wording): string[] {
  return chosen.slice(0, 3).map((c) => `${mss(c.time_s)} ${words(c).short}`);
}

/**
 * The score the video would get with its findings that can be fixed in the edit fixed (./report/fixable.ts): the same
 * score function, re-run on the model with their causes removed and without them among the findings. Never below the
 * score now. `fixable` counts the listed findings (repeats merged) that number assumes fixed.
 */
export function scoreIfFixed(assessment: Pick<Assessment, 'model' | 'each' | 'candidates'>, now: number): { score: number; fixable: number } {
  const fixed = assessment.each.filter(fixableInTheEdit);
  const left = assessment.each.filter((c) => !fixableInTheEdit(c));
  const after = 100 - scores(modelWithFixed(assessment.model, fixed), left).viral_risk_score;
  return { score: Math.max(now, after), fixable: assessment.candidates.filter(fixableInTheEdit).length };
}

/**
 * Gentle feedback is kind, not false: how it opens depends on the score's band, so a "Start Over" result is never
 * called "a solid base".
 */
export function gentleOpening(label: Report['overall_score_and_recommendations']['optimization_label']): string {
  switch (label) {
    case 'Ready to Publish':
    case 'Almost There':
      return 'a solid base to build on';
    case 'Needs Polish':
      return 'a good start with a few things to tighten';
    case 'Major Fixes Needed':
      return 'some good moments, and a few big fixes to make first';
    case 'Start Over':
      return 'worth a fresh take before you post: keep what works and rebuild the rest';
  }
}

function summaryText(
  style: FeedbackStyle,
  sc: ReturnType<typeof scores>,
  label: Report['overall_score_and_recommendations']['optimization_label'],
  first: { title: string; at: string; gain: number } | undefined,
  platform: string,
  n: number,
  ifFixed: { score: number; fixable: number; all: number },
): string {
  // The headline is the first fix of the list, so the summary, the order and the chart name the same loss.
  const drop = first && first.gain > 0
    ? `the biggest predicted loss is at ${first.at} (${first.title.charAt(0).toLowerCase()}${first.title.slice(1)}): fixing it keeps about ${first.gain >= 1 ? Math.round(first.gain) : first.gain} % more viewers to the end`
    : 'no sharp predicted drop-off';
  const hold = `about ${Math.round(sc.hook_hold)} % predicted to stay past the hook`;
  const now = 100 - sc.viral_risk_score;
  // A video whose every finding is fixable in the edit is told so: the number is where it starts, not a verdict.
  const fixable = n > 0 && ifFixed.fixable === ifFixed.all && ifFixed.score > now ? `every problem found can be fixed in the edit: about ${ifFixed.score}/100 with the fixes below` : '';
  if (style === 'gentle') {
    if (fixable) {
      return sentences(`${label} for now on ${platform}, and every problem found can be fixed in the edit`, `about ${ifFixed.score}/100 with the ${n === 1 ? 'change' : `${n} changes`} below; ${drop}`);
    }
    return sentences(`${label}: ${gentleOpening(label)} for ${platform}, with ${hold}`, n ? `focus on ${n === 1 ? 'one change' : `${n} changes`} below; ${drop}` : 'nothing urgent to fix');
  }
  if (style === 'brutal') {
    return sentences(
      `predicted viral risk ${sc.viral_risk_score}/100 on ${platform} (${label})`,
      `${hold}; ${sc.predicted_drop_off_rate} % predicted to leave before the end; ${drop}`,
      `${n} problem${n === 1 ? '' : 's'} to fix`,
      ...(fixable ? [fixable] : []),
    );
  }
  return sentences(`${label} for ${platform}: predicted viral risk ${sc.viral_risk_score}/100, ${hold}, and ${drop}`, ...(fixable ? [fixable] : []));
}

/** Clauses as sentences: each opens with a capital and ends with a full stop, whatever word it starts with. */
export function sentences(...clauses: string[]): string {
  return clauses.map((c) => `${c.charAt(0).toUpperCase()}${c.slice(1)}${/[.!?]$/.test(c) ? '' : '.'}`).join(' ');
}
