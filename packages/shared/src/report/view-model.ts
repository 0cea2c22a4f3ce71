/**
 * The one view model of a report: what the analysis page, the shared report page (/client/:token) and the PDF show.
 * Built from a validated served report (parseServedReport), so nothing here guesses at missing fields; every reading
 * that two surfaces could disagree on (severity, labels, score captions, Fire/Flat, money assumptions, the frame box's
 * shape) is decided here, once.
 */
import { analysisOptimizationLevel, optimizationLabel, riskLevel, type AnalysisOptimizationLevel, type OptimizationLabel, type RiskLevel } from '../rules/score';
import type { Severity } from '../rules/severity';
import { formatTimestamp } from '../rules/timestamp';
import type { FeedbackStyle } from '../rules/feedback-style';
import { PLATFORM_NAMES, type PlatformChoice } from '../rules/platform';
import type { Box, PlatformCheck, WordCheck, WordChecksResult } from './schema';
import { CATEGORY_LABELS, ISSUE_CATEGORIES, type IssueCategory } from './vocabulary';
import type { ServedReport } from './served';

/** Reports made before calibration existed, or outside an account: the general model. */
export const UNCALIBRATED_NOTE = 'Uncalibrated: this is the general model, not yet checked against your own posted videos.';

export const SEVERITY_LABELS: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const SEVERITY_RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };



/** The top 3 issues are urgent fixes. */
export const URGENT_ISSUE_COUNT = 3;
/** A report scoring below this is not "nothing flat": its weakest stretches are shown instead (see momentumOf). */
const FLAT_HONESTY_SCORE = 70;
/** How many of the weakest stretches stand in for flat ones. */
const WEAKEST_SHOWN = 2;
/** An issue without its own frame is shown on a frame at most this far away. */
const ISSUE_FRAME_TOLERANCE_S = 1;

export interface ViewIssue {
  id: string;
  title: string;
  /** The engine's description without its trailing "(Measured: …)": the evidence is shown on its own. */
  description: string;
  evidence: string;
  fix: string;
  severity: Severity;
  severityLabel: string;
  category: IssueCategory;
  categoryLabel: string;
  /** m:ss */
  timestamp: string;
  seconds: number;
  /** 0–100 */
  impactScore: number;
  /** The frame of this moment, when the report has one. */
  frame: { path: string; url?: string } | null;
  /**
   * Percentage points more viewers predicted to be still watching at the end if this fix alone is made (the report's
   * `retention_gain_pct`); null for reports made before it existed.
   */
  retentionGain: number | null;
  /** What fixing it buys, in words (fixGainText): null when the report does not say. */
  gainText: string | null;
  /**
   * The first screen's reading of this issue, in plain words: no LUFS, LU or dBTP (docs/product.md, Analysis). The
   * figures stay in `description`, `evidence` and `fix`, which the details and the PDF show.
   */
  plain: { description: string; evidence: string; fix: string; technical: boolean };
}

export interface ViewFrame {
  key: string;
  seconds: number;
  timestamp: string;
  /** Full title, never cut (a drop-off cause may contain "0:09-0:16"). */
  title: string;
  kind: 'issue' | 'drop_off' | 'timeline';
  /** Issues shown on this frame, most severe first: their severities are the frame's, as in the issue list. */
  issues: ViewIssue[];
  /** The most severe of `issues`; null for frames without an issue. */
  severity: Severity | null;
  /** Relative to the report folder (the PDF embeds the file). */
  path: string;
  /** Signed image URL (web). */
  url?: string;
  fix: string;
  /** Predicted % of viewers gone by this moment. */
  dropOffRate: number;
}

export interface ViewDropOff {
  seconds: number;
  timestamp: string;
  /** Percentage points of viewers predicted to leave here. */
  loss: number;
  /** The whole cause, e.g. "6.5 s of silence over a still picture (0:09-0:16)". */
  cause: string;
  /** One line for a chip or a chart legend: timestamp, loss, the whole cause, and the fix that removes it. */
  label: string;
  /** The place in the fix list (1 = the first fix) of the fix that removes this drop-off; null when none is listed. */
  fixRank: number | null;
}

export interface ViewSegment {
  start: number;
  end: number;
  /** "0:09–0:16" */
  range: string;
  rating: 'engaging' | 'neutral' | 'flat';
  /** 0–1 engagement */
  score: number;
  reasons: string[];
  url?: string;
}

export type AudioClass = 'speech' | 'music' | 'other' | 'silence';

/** Legend order: what a creator looks for first. */
export const AUDIO_CLASSES: readonly AudioClass[] = ['speech', 'music', 'other', 'silence'];
export const AUDIO_CLASS_LABELS: Record<AudioClass, string> = { speech: 'Speech', music: 'Music', other: 'Other sound', silence: 'Silence' };
/** One palette for the web app (dark) and the PDF (white paper): each colour reads on both. */
export const AUDIO_CLASS_COLORS: Record<AudioClass, string> = { speech: '#22d3ee', music: '#8b7bff', other: '#f59e0b', silence: '#8a8f9e' };

/**
 * What the soundtrack holds over time (the engine's speech / music / other sound / silence classification), for a
 * thin band under the retention chart and a legend with each class's share of the video.
 */
export interface AudioView {
  status: 'classified' | 'no_audio' | 'not_classified';
  /** Stretches in time order; left/width in percent of the duration, so the band lines up with the chart's time axis. */
  bands: { class: AudioClass; label: string; color: string; start: number; end: number; range: string; leftPercent: number; widthPercent: number }[];
  /** The classes present, in legend order, with their share of the duration (whole percent, summing to 100). */
  legend: { class: AudioClass; label: string; color: string; percent: number; seconds: number }[];
  /** What the band shows, or why there is none. */
  caption: string;
  /** One line for screen readers and the band's title: "Speech 62 %, Music 30 %, Silence 8 %". */
  summary: string;
}

/** The applied platform preset and its checks, as every surface shows them (docs/product.md, "Target platform"). */
export interface PresetView {
  /** The platform name, e.g. "TikTok". */
  platform: string;
  /** What was asked for: a platform, or `auto`. */
  requested: PlatformChoice;
  /** The creator picked it, or `auto` picked it from the video's shape and length. */
  chosenBy: 'creator' | 'auto';
  /** One line: "Checked against TikTok (your choice)" or "Checked against YouTube Shorts (picked automatically)". */
  heading: string;
  /** For auto: what it saw and why, e.g. "vertical 9:16, 0:42 → YouTube Shorts (vertical or square and up to 3:00)". */
  autoReason: string | null;
  checks: {
    id: PlatformCheck['id'];
    label: string;
    status: PlatformCheck['status'];
    statusLabel: string;
    measured: string;
    target: string;
    evidence: string;
    /** The frame that shows it, with the interface's covered bands and what sits under them (fractions of the frame). */
    overlay: { frame: { path: string; url?: string }; time_s: number; zones: Box[]; boxes: Box[] } | null;
  }[];
  /**
   * Checks that did not run: never rows among the results (they take no space there); the creator's page names them
   * in one line, a client's page and the PDF leave them out.
   */
  notRun: { id: PlatformCheck['id']; label: string; reason: string }[];
  /** "3 of 4 checks pass" (checks not run are not counted). */
  tally: string;
}

export const PLATFORM_CHECK_LABELS: Record<PlatformCheck['id'], string> = {
  length: 'Length',
  aspect: 'Aspect',
  loudness: 'Loudness',
  hook: 'Hook window',
  safe_zone: 'Safe zone',
  captions: 'Captions',
};
export const PLATFORM_CHECK_STATUS_LABELS: Record<PlatformCheck['status'], string> = { pass: 'Pass', warn: 'Check', fail: 'Fail', not_run: 'Not run' };

/**
 * The checks on the spoken words, as every surface shows them. Checks that ran are rows; checks that did not run take
 * no space among them. When this server has no speech-to-text service (`offOnServer`), the creator reads one short
 * line (WORDS_OFF_ON_SERVER) and a client's page and the PDF show nothing of it: how a server is set up is never a
 * client's business, and no setting name ever reaches a creator or a client.
 */
export interface WordsView {
  transcription: WordChecksResult['transcription'] | 'unknown';
  /** True when the words were checked; false shows the note as the reason. */
  checked: boolean;
  /** Word checks are switched off on this server (no speech-to-text service): a creator-only line, nothing for clients. */
  offOnServer: boolean;
  /**
   * Whether a client's page and the PDF show the word checks at all: only when they ran, or when the video itself is
   * why not (no sound, nothing said). A server's set-up, a failed service or an old report is the creator's business.
   */
  shownToClient: boolean;
  /** "Words checked from the transcript.", or why the words of this video were not checked ("No speech found in the video."). */
  note: string;
  /** Checks that ran (pass, check or fail). */
  checks: { id: WordCheck['id']; label: string; status: WordCheck['status']; statusLabel: string; evidence: string }[];
  /** Checks that did not run although the words were read (e.g. too few words to tell the topic): the creator's page only. */
  notRun: { id: WordCheck['id']; label: string; reason: string }[];
}

/** What a creator reads when this server does not check words: that it is off here, and what it would add. Never a setting name. */
export const WORDS_OFF_ON_SERVER =
  'Word checks are off on this server. With them on, the report would also check your opening line, whether the hook matches the topic, the call to action, filler words, speaking pace and captions against speech.';

/** The server-side reason a creator reads for checks that were not run, with any setting name taken out. */
const NOT_RUN_PREFIX = /^Not run:\s*/i;
/** An environment variable's name, bare or in brackets ("(OPENAI_API_KEY)"): never shown to a creator or a client. */
const SETTING_NAME = /\s*\(?\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b\)?/g;

/** Text from a stored report as a person reads it: setting names removed (reports made before they were kept out). */
export function withoutSettingNames(text: string): string {
  return text.replace(SETTING_NAME, '').replace(/\s+([.,;:])/g, '$1');
}

function notRunReason(evidence: string): string {
  const reason = withoutSettingNames(evidence.replace(NOT_RUN_PREFIX, ''));
  return reason ? reason.charAt(0).toUpperCase() + reason.slice(1) : 'Not run.';
}

export const WORD_CHECK_LABELS: Record<WordCheck['id'], string> = {
  opening_line: 'Opening line',
  hook_topic: 'Hook vs topic',
  call_to_action: 'Call to action',
  filler_words: 'Filler words',
  speaking_rate: 'Speaking rate',
  captions_match: 'Captions vs speech',
};
export const WORD_CHECK_STATUS_LABELS: Record<WordCheck['status'], string> = PLATFORM_CHECK_STATUS_LABELS;
export const NO_WORD_CHECKS_NOTE = 'Words not checked: this report was made before word checks were reported.';

export interface ReportView {
  filename: string;
  durationSeconds: number;
  /** The analysed file's size: the edit preview checks the creator's file against it (the server keeps no video). */
  fileSizeBytes: number;
  /** m:ss */
  duration: string;
  platform: string;
  /** Null for reports made before presets were reported (re-deriving adds it). */
  preset: PresetView | null;
  words: WordsView;
  feedbackStyle: FeedbackStyle;
  generatedAt: string;
  /** Retention, drop-offs, risk and ROI are model predictions: said wherever they are shown. */
  predictionNote: string;
  summary: string;
  topRecommendations: string[];
  score: ScoreReadings;
  figures: {
    dropOffRate: number;
    watchTimeLoss: number;
    hookHold: number;
    hookWindowSeconds: number;
  };
  money: MoneyView;
  issues: ViewIssue[];
  urgent: ViewIssue[];
  groups: { category: IssueCategory; label: string; issues: ViewIssue[] }[];
  curve: { label: string; points: { t: number; retention: number }[] };
  /** The creator's calibration of the predicted curve (docs/report-format.md, Calibration), in words. */
  calibration: { calibrated: boolean; note: string };
  audio: AudioView;
  dropOffs: ViewDropOff[];
  segments: ViewSegment[];
  momentum: Momentum;
  frames: ViewFrame[];
  /** The video's own shape (width / height after rotation), for frame boxes: 16:9 stays 16:9. */
  frameAspect: { ratio: number; css: string };
  framesExpired: boolean;
  facts: { label: string; value: string }[];
}

/**
 * The two readings of one number (docs/product.md, Rules › Scores and labels), each saying what it measures so they never read as two verdicts:
 * the optimization score (100 − viral risk, banded 90/70/50/30, the dashboard's label) and the analysis page's
 * Optimization Level (read straight from the viral risk: under 30 Excellent, 30–69 Good, 70+ Needs Work).
 */
export interface ScoreReadings {
  /** Optimization score 0–100 (higher is better). */
  value: number;
  label: OptimizationLabel;
  /** What the score and its label measure. */
  caption: string;
  viralRisk: number;
  riskLevel: RiskLevel;
  /** The analysis page's Optimization Level and what it reads. */
  level: AnalysisOptimizationLevel;
  levelCaption: string;
  /**
   * What the fixes that can be made in the edit would make the score (`score_if_fixed`), beside the score: null when
   * the report does not say (older reports) or they would not raise it.
   */
  ifFixed: { score: number; line: string; allFixable: boolean } | null;
}

export interface MoneyView {
  /** £ with pence, e.g. "£1,240.40". */
  growthPotential: string;
  amount: number;
  /** One line under the figure: what it assumes, in short. */
  caption: string;
  /** The engine's stated assumptions, for a tooltip or a list. */
  assumptions: string[];
  averageWatch: { before: number; after: number; gainPercent: number };
  /**
   * What the fixes are predicted to bring, in the units a creator thinks in (issue 28): seconds more of each view and
   * minutes more watched per 1,000 views. The £ figure is one of the assumptions' consequences, not the headline.
   */
  gain: {
    secondsPerView: number;
    minutesPer1000Views: number;
    /** "+4.6 s watched per view" */
    headline: string;
    /** "≈ 77 more minutes watched per 1,000 views · average watch 0:16 → 0:21 (+30.2 %)" */
    detail: string;
    /** The money reading, kept with the assumptions: "At an illustrative rate: £1.20 per 10,000 views." */
    moneyNote: string;
  };
}

export interface Momentum {
  fire: { segments: ViewSegment[]; empty: string };
  /** `segments` may be the weakest stretches when none is rated flat but the score is low; `note` then says so. */
  flat: { segments: ViewSegment[]; note: string | null; empty: string };
}

// One formatter for every figure: `toLocaleString` with options builds a new one per call, and a report formats
// enough figures that doing so took 25 ms of a phone's main thread (measured on the report page).
const POUNDS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "£1,234.50": the currency of Growth Potential, with pence so a small figure is not rounded away. */
export function formatPounds(amount: number): string {
  return `£${POUNDS.format(amount)}`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The engine ends each description with "(Measured: evidence.)"; the evidence is shown on its own line. */
function withoutMeasuredSuffix(description: string, evidence: string): string {
  const suffix = ` (Measured: ${evidence}.)`;
  return description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
}

function scoreReadings(report: ServedReport): ScoreReadings {
  const value = report.overall_score_and_recommendations.overall_performance_score;
  const viralRisk = report.prevention_analytics.viral_risk_score;
  const level = analysisOptimizationLevel(viralRisk);
  return {
    value,
    label: optimizationLabel(value),
    caption: `Optimization score ${value}/100 = 100 − viral risk ${viralRisk}. Bands: 90+ Ready to Publish, 70+ Almost There, 50+ Needs Polish, 30+ Major Fixes Needed, below 30 Start Over.`,
    viralRisk,
    riskLevel: riskLevel(viralRisk),
    level,
    levelCaption: `Read from the viral risk (${viralRisk}/100): below 30 Excellent, 30–69 Good, 70 or more Needs Work.`,
    ifFixed: ifFixedOf(report, value),
  };
}

/** "1 now → about 75 with the 3 fixes below", and whether every problem found can be fixed in the edit. */
function ifFixedOf(report: ServedReport, now: number): ScoreReadings['ifFixed'] {
  const o = report.overall_score_and_recommendations;
  const listed = report.prevention_analytics.prevention_fixes.length;
  if (o.score_if_fixed === undefined || o.score_if_fixed <= now || listed === 0) return null;
  const fixable = Math.min(o.fixable_issue_count ?? listed, listed);
  const allFixable = o.fixable_issue_count !== undefined && o.fixable_issue_count >= report.report_metadata.candidate_issue_count;
  const which = fixable === listed ? (listed === 1 ? 'the fix below' : `the ${listed} fixes below`) : `the ${fixable} fixes below that need no new footage`;
  return {
    score: o.score_if_fixed,
    // Whether every problem is fixable is said in the summary's words, beside it.
    line: `${now} now → about ${o.score_if_fixed} with ${which}`,
    allFixable,
  };
}

/**
 * What a fix buys, in the one wording every surface uses: "Fix this: about +12 % still watching at 0:30" (the end of
 * the video). Under 1 point the tenth is kept, so a small gain is not rounded to nothing.
 */
export function fixGainText(gainPct: number, durationSeconds: number): string {
  const at = formatTimestamp(durationSeconds);
  if (gainPct <= 0) return `Fix this: no predicted change in viewers still watching at ${at}`;
  const shown = gainPct >= 1 ? String(Math.round(gainPct)) : String(Math.max(0.1, round1(gainPct)));
  return `Fix this: about +${shown} % still watching at ${at}`;
}

/** Loudness units, which the first screen never shows (their figures stay in the details). */
const LOUDNESS_UNITS = /\b(?:LUFS|LU|dBTP)\b/;

/** A clause's loudness figures in words, for text the first screen shows (the summary, a drop-off cause). */
export function plainLoudnessWords(text: string): string {
  if (!LOUDNESS_UNITS.test(text)) return text;
  return text
    .replace(/opening (\d+) s average -?\d+(?:\.\d+)? LUFS/g, 'a quiet opening $1 s')
    .split(/(?<=[;,])\s+/)
    .filter((clause) => !LOUDNESS_UNITS.test(clause))
    .join(' ')
    .replace(/[;,]\s*$/, '')
    .trim();
}

/** The plain reading of a loudness finding on the first screen ("much quieter than other videos on Shorts"). */
function plainIssueOf(fix: { id: string; description: string; evidence: string; fix: string }, description: string, platform: string): ViewIssue['plain'] {
  const technical = [description, fix.evidence, fix.fix].some((t) => LOUDNESS_UNITS.test(t));
  if (!technical) return { description, evidence: fix.evidence, fix: fix.fix, technical };
  const under = Number(/([\d.]+) LU under/.exec(fix.evidence)?.[1] ?? NaN);
  if (fix.id.startsWith('loudness-quiet')) {
    const how = !Number.isFinite(under) || under >= 6 ? 'much quieter' : 'quieter';
    return {
      description: `Your sound is ${how} than other videos on ${platform}, and ${platform} does not turn quiet videos up.`,
      evidence: `${how.charAt(0).toUpperCase()}${how.slice(1)} than other videos on ${platform}.`,
      fix: `Turn the whole mix up at export (a loudness-normalise step) until it sounds as loud as other videos on ${platform}.`,
      technical,
    };
  }
  if (fix.id.startsWith('loudness-loud')) {
    return {
      description: `Your sound is louder than ${platform} plays, so ${platform} turns it down and it loses punch.`,
      evidence: `Louder than ${platform} plays videos.`,
      fix: `Bring the master down a little, so ${platform} does not have to.`,
      technical,
    };
  }
  if (fix.id.startsWith('clipping')) {
    return {
      description: 'The loudest moments are so loud that they can crackle after upload.',
      evidence: 'The loudest peaks go over the limit that stays clean after upload.',
      fix: 'Put a limiter on the master so the loudest peaks stay just under the top.',
      technical,
    };
  }
  return { description: plainLoudnessWords(description), evidence: plainLoudnessWords(fix.evidence) || 'Measured from the sound track: the figures are in the details.', fix: plainLoudnessWords(fix.fix), technical };
}

/** A whole number with thousands separators ("1,240"). */
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/**
 * The gain the fixes are predicted to bring, in the units a creator thinks in: seconds more of each view and minutes
 * more watched per 1,000 views (issue 28). The one rule for the report, the dashboard and the stored summary.
 */
export function watchGain(roi: { improved_avg_watch_s: number; baseline_avg_watch_s: number }): { secondsPerView: number; minutesPer1000Views: number } {
  return watchGainOfSeconds(roi.improved_avg_watch_s - roi.baseline_avg_watch_s);
}

/** The same reading from seconds more of each view (a sum over videos on the dashboard). */
export function watchGainOfSeconds(seconds: number): { secondsPerView: number; minutesPer1000Views: number } {
  const secondsPerView = Math.max(0, round1(seconds));
  return { secondsPerView, minutesPer1000Views: Math.round((secondsPerView * 1000) / 60) };
}

function gainOf(roi: ServedReport['prevention_analytics']['prevention_roi'], views: string | undefined): MoneyView['gain'] {
  const { secondsPerView, minutesPer1000Views } = watchGain(roi);
  const before = formatTimestamp(roi.baseline_avg_watch_s);
  const after = formatTimestamp(roi.improved_avg_watch_s);
  return {
    secondsPerView,
    minutesPer1000Views,
    headline: secondsPerView > 0 ? `+${secondsPerView} s watched per view` : 'No watch time to gain',
    detail:
      secondsPerView > 0
        ? `≈ ${WHOLE.format(minutesPer1000Views)} more minutes watched per 1,000 views · average watch ${before} → ${after} (+${roi.predicted_watch_time_gain_percent} %)`
        : `The predicted average watch (${before}) stays as it is: the issues found do not shorten it.`,
    moneyNote: `In money, at the illustrative rate below: ${formatPounds(roi.total_roi)}${views ? ` per ${views} views` : ''}.`,
  };
}

function moneyView(report: ServedReport): MoneyView {
  const roi = report.prevention_analytics.prevention_roi;
  const views = /for ([\d,]+) views/i.exec(roi.assumptions.join(' '))?.[1];
  return {
    gain: gainOf(roi, views),
    growthPotential: formatPounds(roi.total_roi),
    amount: roi.total_roi,
    caption: `Illustrative estimate${views ? ` per ${views} views` : ''}: the watch time gained if every issue is fixed, at an assumed rate per 1,000 watch-minutes; predicted, not measured.`,
    assumptions: roi.assumptions,
    averageWatch: { before: roi.baseline_avg_watch_s, after: roi.improved_avg_watch_s, gainPercent: roi.predicted_watch_time_gain_percent },
  };
}

/**
 * The issues in the report's order: most viewers lost first (`retention_gain_pct`, which the engine orders
 * prevention_fixes by). Reports made before it existed are put in the same order from the model's stored boosts
 * (each issue's predicted retention boost), more severe first on ties, then earlier.
 */
function issuesOf(report: ServedReport): ViewIssue[] {
  const framePaths = new Map<string, string>();
  for (const item of report.detailed_analysis) if (item.frame_image_path) framePaths.set(item.id, item.frame_image_path);
  for (const item of report.viral_hook.action_items) if (item.frame_image_path) framePaths.set(item.id, item.frame_image_path);
  for (const frame of report.predictive_frames) if (frame.issue_id && !framePaths.has(frame.issue_id)) framePaths.set(frame.issue_id, frame.frame_image_path);
  const urls = frameUrls(report);
  const platform = PLATFORM_NAMES[report.report_metadata.platform];
  const duration = report.video_info.duration_seconds;
  const fixes = report.prevention_analytics.prevention_fixes;
  const issues = fixes.map((fix): ViewIssue => {
    const path = framePaths.get(fix.id);
    const description = withoutMeasuredSuffix(fix.description, fix.evidence);
    const gain = fix.retention_gain_pct ?? null;
    return {
      id: fix.id,
      title: fix.title,
      description,
      evidence: fix.evidence,
      fix: fix.fix,
      severity: fix.severity,
      severityLabel: SEVERITY_LABELS[fix.severity],
      category: fix.category,
      categoryLabel: CATEGORY_LABELS[fix.category],
      timestamp: fix.timestamp,
      seconds: fix.timestamp_seconds,
      impactScore: fix.impactScore,
      frame: path ? { path, url: urls.get(path) } : null,
      retentionGain: gain,
      gainText: gain === null ? null : fixGainText(gain, duration),
      plain: plainIssueOf(fix, description, platform),
    };
  });
  if (fixes.every((f) => f.retention_gain_pct !== undefined)) return issues;
  const boosts = new Map<string, number>();
  for (const item of report.detailed_analysis) boosts.set(item.id, item.potential_retention_boost);
  for (const item of report.viral_hook.action_items) boosts.set(item.id, item.potential_retention_boost);
  const key = (i: ViewIssue) => i.retentionGain ?? boosts.get(i.id) ?? 0;
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => key(b.issue) - key(a.issue) || SEVERITY_RANK[b.issue.severity] - SEVERITY_RANK[a.issue.severity] || a.issue.seconds - b.issue.seconds || a.index - b.index)
    .map(({ issue }) => issue);
}

function frameUrls(report: ServedReport): Map<string, string> {
  const urls = new Map<string, string>();
  for (const frame of report.frames) if (frame.url) urls.set(frame.path, frame.url);
  for (const frame of report.predictive_frames) if (frame.thumbnail_url) urls.set(frame.frame_image_path, frame.thumbnail_url);
  for (const item of report.detailed_analysis) if (item.frame_image_path && item.thumbnail_url) urls.set(item.frame_image_path, item.thumbnail_url);
  return urls;
}

const bySeverity = (a: ViewIssue, b: ViewIssue) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.impactScore - a.impactScore;

/**
 * The frame viewer's frames. A frame's severity is the severity of the issues it shows — the same value as in the
 * issue list and the filters — never a second mapping of the engine's legacy problem_severity. An issue without a
 * frame of its own is shown on the frame of the same moment (±1 s), so filtering by its severity finds it.
 */
function framesOf(report: ServedReport, issues: ViewIssue[]): ViewFrame[] {
  const urls = frameUrls(report);
  const byId = new Map(issues.map((issue) => [issue.id, issue]));
  const frames = report.predictive_frames
    .map((frame, index): ViewFrame => {
      const linked = frame.issue_id ? byId.get(frame.issue_id) : undefined;
      const kind: ViewFrame['kind'] = linked ? 'issue' : frame.frame_type === 'baseline' ? 'timeline' : 'drop_off';
      return {
        key: `f${index}`,
        seconds: frame.timestamp_seconds,
        timestamp: frame.timestamp_string,
        title: linked?.title ?? frame.title ?? (kind === 'timeline' ? 'Timeline frame' : 'Predicted drop-off'),
        kind,
        issues: linked ? [linked] : [],
        severity: null,
        path: frame.frame_image_path,
        url: urls.get(frame.frame_image_path),
        fix: linked?.fix ?? frame.fix_suggestion,
        dropOffRate: frame.drop_off_rate,
      };
    })
    .sort((a, b) => a.seconds - b.seconds);

  const shown = new Set(frames.flatMap((frame) => frame.issues.map((issue) => issue.id)));
  for (const issue of issues) {
    if (shown.has(issue.id) || frames.length === 0) continue;
    const nearest = frames.reduce((best, frame) => (Math.abs(frame.seconds - issue.seconds) < Math.abs(best.seconds - issue.seconds) ? frame : best));
    if (Math.abs(nearest.seconds - issue.seconds) > ISSUE_FRAME_TOLERANCE_S) continue;
    nearest.issues.push(issue);
    if (nearest.kind !== 'issue') Object.assign(nearest, { kind: 'issue', title: issue.title, fix: issue.fix });
  }
  for (const frame of frames) {
    frame.issues.sort(bySeverity);
    frame.severity = frame.issues[0]?.severity ?? null;
  }
  return frames;
}

/** Frames that match a severity filter: a frame matches when any issue it shows has that severity. */
export function framesWithSeverity<T extends Pick<ViewFrame, 'issues'>>(frames: readonly T[], severity: Severity | 'all'): T[] {
  return severity === 'all' ? [...frames] : frames.filter((frame) => frame.issues.some((issue) => issue.severity === severity));
}

/**
 * What's Fire and What's Flat, in agreement with the score: a report below 70 never says "Nothing flat". When no
 * stretch is rated flat but the score is low, the weakest stretches are shown, with a note saying why.
 */
function momentumOf(segments: ViewSegment[], score: number): Momentum {
  const fire = segments.filter((s) => s.rating === 'engaging');
  const flat = segments.filter((s) => s.rating === 'flat');
  const weakest =
    flat.length === 0 && score < FLAT_HONESTY_SCORE
      ? segments
          .filter((s) => s.rating !== 'engaging')
          .sort((a, b) => a.score - b.score || a.start - b.start)
          .slice(0, WEAKEST_SHOWN)
          .sort((a, b) => a.start - b.start)
      : [];
  return {
    fire: {
      segments: fire,
      empty: score >= FLAT_HONESTY_SCORE ? 'No single stretch stands out; the video holds steady.' : 'No stretch stands out as engaging yet.',
    },
    flat: {
      segments: flat.length ? flat : weakest,
      note: flat.length === 0 && weakest.length ? 'No stretch is flat on its own; these are the weakest, and the issues below explain the score.' : null,
      empty:
        score >= FLAT_HONESTY_SCORE
          ? 'Nothing flat — every stretch keeps moving.'
          : 'No stretch is flat on its own — the score comes from the issues below.',
    },
  };
}

/** The video's displayed shape: width / height, turned when the engine says the picture is the other way round. */
function frameAspectOf(info: ServedReport['video_info']): ReportView['frameAspect'] {
  let { width, height } = info;
  if (width <= 0 || height <= 0) [width, height] = info.orientation === 'horizontal' ? [16, 9] : info.orientation === 'square' ? [1, 1] : [9, 16];
  if ((info.orientation === 'vertical' && width > height) || (info.orientation === 'horizontal' && height > width)) [width, height] = [height, width];
  return { ratio: width / height, css: `${width} / ${height}` };
}

function fileSize(bytes: number): string {
  if (bytes >= 1e9) return `${round1(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${round1(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

const AUDIO_CAPTIONS: Record<AudioView['status'], string> = {
  classified: 'Sound over time, measured from the audio track: speech, music (singing included), other sound and silence.',
  no_audio: 'The file has no audio track: there is no sound to classify.',
  not_classified: 'This report was made before sound was classified; analyse the video again to see its sound over time.',
};

/** Whole percents that add up to 100 (largest remainders get the rounding). */
function wholePercents(values: number[]): number[] {
  const total = values.reduce((a, v) => a + v, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((v) => (v / total) * 100);
  const out = exact.map(Math.floor);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const missing = 100 - out.reduce((a, v) => a + v, 0);
  for (let k = 0; k < missing; k += 1) {
    const at = order[k % order.length]!.i;
    out[at] = (out[at] ?? 0) + 1;
  }
  return out;
}

function audioViewOf(report: ServedReport): AudioView {
  const duration = Math.max(report.video_info.duration_seconds, 1e-6);
  const merged: { class: AudioClass; start: number; end: number }[] = [];
  for (const g of [...report.metrics.audio_classes].sort((a, b) => a.start_s - b.start_s)) {
    const start = Math.max(0, g.start_s);
    const end = Math.min(duration, g.end_s);
    if (end <= start) continue;
    const last = merged[merged.length - 1];
    if (last && last.class === g.class && start - last.end < 0.01) last.end = Math.max(last.end, end);
    else merged.push({ class: g.class, start, end });
  }
  const status: AudioView['status'] = !report.video_info.has_audio ? 'no_audio' : merged.length ? 'classified' : 'not_classified';
  const bands = merged.map((b) => ({
    ...b,
    label: AUDIO_CLASS_LABELS[b.class],
    color: AUDIO_CLASS_COLORS[b.class],
    range: `${formatTimestamp(b.start)}–${formatTimestamp(b.end)}`,
    leftPercent: round2((b.start / duration) * 100),
    widthPercent: round2(((b.end - b.start) / duration) * 100),
  }));
  const present = AUDIO_CLASSES.map((c) => ({ c, seconds: merged.filter((b) => b.class === c).reduce((a, b) => a + b.end - b.start, 0) })).filter((x) => x.seconds > 0);
  const percents = wholePercents(present.map((x) => x.seconds));
  const legend = present.map((x, i) => ({ class: x.c, label: AUDIO_CLASS_LABELS[x.c], color: AUDIO_CLASS_COLORS[x.c], percent: percents[i] ?? 0, seconds: round1(x.seconds) }));
  return {
    status,
    bands,
    legend,
    caption: AUDIO_CAPTIONS[status],
    summary: legend.length ? legend.map((l) => `${l.label} ${l.percent} %`).join(', ') : AUDIO_CAPTIONS[status],
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The first issues of the list (most viewers lost first) are urgent; the rest keep their order. */
export function splitUrgent<T>(issues: readonly T[], count = URGENT_ISSUE_COUNT): { urgent: T[]; rest: T[] } {
  return { urgent: issues.slice(0, count), rest: issues.slice(count) };
}

/**
 * The place in the fix list of the fix that removes a drop-off, so the chart names the same fix as the list: the weak
 * hook is a hook fix's; any other drop-off belongs to the first fix with a moment inside its stretch.
 */
function fixRankOf(d: ServedReport['drop_offs'][number], issues: readonly ViewIssue[], moments: Map<string, number[]>): number | null {
  const from = d.start_s ?? d.time_s;
  const to = d.end_s ?? d.time_s + 1;
  const at = issues.findIndex((issue) =>
    d.cause_code === 'hook'
      ? issue.category === 'hook' && issue.seconds <= to
      : (moments.get(issue.id) ?? [issue.seconds]).some((t) => t >= from - 0.5 && t <= to),
  );
  return at < 0 ? null : at + 1;
}

function presetViewOf(report: ServedReport): PresetView | null {
  const preset = report.platform_preset;
  if (!preset) return null;
  const platform = PLATFORM_NAMES[preset.platform];
  const chosenBy = preset.requested === 'auto' ? 'auto' : 'creator';
  const passed = preset.checks.filter((c) => c.status === 'pass').length;
  const run = preset.checks.filter((c) => c.status !== 'not_run').length;
  const urls = frameUrls(report);
  return {
    platform,
    requested: preset.requested,
    chosenBy,
    heading: `Checked against ${platform} (${chosenBy === 'auto' ? 'picked automatically' : 'your choice'})`,
    autoReason: preset.auto_reason,
    checks: preset.checks.filter((c) => c.status !== 'not_run').map((c) => ({
      id: c.id,
      label: PLATFORM_CHECK_LABELS[c.id],
      status: c.status,
      statusLabel: PLATFORM_CHECK_STATUS_LABELS[c.status],
      measured: c.measured,
      target: c.target,
      evidence: c.evidence,
      overlay: overlayOf(report, c.overlay, urls),
    })),
    notRun: preset.checks.filter((c) => c.status === 'not_run').map((c) => ({ id: c.id, label: PLATFORM_CHECK_LABELS[c.id], reason: notRunReason(c.evidence) })),
    tally: `${passed} of ${run} checks pass`,
  };
}

/** A check's overlay on the report's frame nearest its moment (the frames the text was read on are report frames). */
function overlayOf(report: ServedReport, overlay: PlatformCheck['overlay'], urls: Map<string, string>): PresetView['checks'][number]['overlay'] {
  if (!overlay) return null;
  let nearest: ServedReport['frames'][number] | undefined;
  for (const f of report.frames) if (!nearest || Math.abs(f.time_s - overlay.time_s) < Math.abs(nearest.time_s - overlay.time_s)) nearest = f;
  if (!nearest || Math.abs(nearest.time_s - overlay.time_s) > ISSUE_FRAME_TOLERANCE_S) return null;
  return { frame: { path: nearest.path, url: urls.get(nearest.path) }, time_s: nearest.time_s, zones: overlay.zones, boxes: overlay.boxes };
}

function wordsViewOf(report: ServedReport): WordsView {
  const words = report.word_checks;
  if (!words) return { transcription: 'unknown', checked: false, offOnServer: false, shownToClient: false, note: NO_WORD_CHECKS_NOTE, checks: [], notRun: [] };
  const offOnServer = words.transcription === 'not_configured';
  const checked = words.transcription === 'ok';
  return {
    transcription: words.transcription,
    checked,
    offOnServer,
    shownToClient: checked || words.transcription === 'no_audio' || words.transcription === 'no_speech',
    // Reports stored before setting names were kept out say "(OPENAI_API_KEY)" in their note: read from the state instead.
    note: offOnServer ? WORDS_OFF_ON_SERVER : withoutSettingNames(words.note),
    checks: words.checks
      .filter((c) => c.status !== 'not_run')
      .map((c) => ({ id: c.id, label: WORD_CHECK_LABELS[c.id], status: c.status, statusLabel: WORD_CHECK_STATUS_LABELS[c.status], evidence: withoutSettingNames(c.evidence) })),
    // When no word was read, every check is "not run" for the one reason the note gives: not listed again.
    notRun: checked ? words.checks.filter((c) => c.status === 'not_run').map((c) => ({ id: c.id, label: WORD_CHECK_LABELS[c.id], reason: notRunReason(c.evidence) })) : [],
  };
}

/** A validated served report → the view every surface renders. */
export function toReportView(report: ServedReport): ReportView {
  const info = report.video_info;
  const meta = report.report_metadata;
  const analytics = report.prevention_analytics;
  const score = scoreReadings(report);
  const issues = issuesOf(report);
  const { urgent, rest } = splitUrgent(issues);
  const moments = new Map(analytics.prevention_fixes.map((f) => [f.id, f.moments_seconds ?? [f.timestamp_seconds]]));
  const urls = frameUrls(report);
  const segments = report.segments
    .filter((s) => s.end_s > s.start_s)
    .map((s): ViewSegment => ({
      start: s.start_s,
      end: s.end_s,
      range: `${formatTimestamp(s.start_s)}–${formatTimestamp(s.end_s)}`,
      rating: s.rating,
      score: s.score,
      reasons: s.reasons,
      url: s.frame_image_path ? urls.get(s.frame_image_path) : undefined,
    }));
  const platform = PLATFORM_NAMES[meta.platform];

  return {
    filename: info.original_filename,
    durationSeconds: info.duration_seconds,
    fileSizeBytes: info.file_size_bytes,
    duration: formatTimestamp(info.duration_seconds),
    platform,
    preset: presetViewOf(report),
    words: wordsViewOf(report),
    feedbackStyle: meta.feedback_style,
    generatedAt: meta.generated_at,
    predictionNote: meta.prediction_note,
    // The summary is on the first screen: plain words (reports made before it was worded so may name LUFS).
    summary: plainLoudnessWords(report.overall_score_and_recommendations.summary),
    topRecommendations: report.overall_score_and_recommendations.top_recommendations,
    score,
    figures: {
      dropOffRate: analytics.predicted_drop_off_rate,
      watchTimeLoss: analytics.predicted_watch_time_loss,
      hookHold: report.viral_hook.predicted_hook_hold,
      hookWindowSeconds: report.viral_hook.hook_window_s,
    },
    money: moneyView(report),
    issues,
    urgent,
    groups: ISSUE_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], issues: rest.filter((issue) => issue.category === category) })).filter(
      (group) => group.issues.length > 0,
    ),
    curve: { label: report.retention_curve.label, points: report.retention_curve.points.map((p) => ({ t: p.t_s, retention: p.retention_pct })) },
    calibration: {
      calibrated: report.retention_calibration?.status === 'calibrated',
      note: report.retention_calibration?.note ?? UNCALIBRATED_NOTE,
    },
    audio: audioViewOf(report),
    dropOffs: report.drop_offs
      .map((d) => {
        const fixRank = fixRankOf(d, issues, moments);
        const cause = plainLoudnessWords(d.cause);
        return { seconds: d.time_s, timestamp: d.timestamp, loss: d.predicted_loss, cause, fixRank, label: `${d.timestamp} · −${round1(d.predicted_loss)}% · ${cause}${fixRank ? ` · fix #${fixRank}` : ''}` };
      })
      .sort((a, b) => a.seconds - b.seconds),
    segments,
    momentum: momentumOf(segments, score.value),
    frames: framesOf(report, issues),
    frameAspect: frameAspectOf(info),
    framesExpired: report.frames_expired,
    facts: [
      { label: 'Duration', value: formatTimestamp(info.duration_seconds) },
      { label: 'Resolution', value: `${info.width} × ${info.height} (${info.aspect_ratio}, ${info.orientation})` },
      { label: 'Frame rate', value: `${round1(info.fps)} fps${info.variable_frame_rate ? ' (variable)' : ''}` },
      { label: 'Video codec', value: info.video_codec },
      { label: 'Audio', value: info.has_audio ? (info.audio_codec ?? 'yes') : 'no audio track' },
      { label: 'File size', value: fileSize(info.file_size_bytes) },
      { label: 'Platform', value: platform },
      { label: 'Feedback style', value: meta.feedback_style },
    ],
  };
}
