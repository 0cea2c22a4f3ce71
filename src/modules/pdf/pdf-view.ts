/**
 * The engine's report → what the PDF shows, through the shared report view model.
 */
import { CATEGORY_LABELS as SHARED_CATEGORY_LABELS, toReportView, type PreventionIssue, type AudioView, type PresetView, type WordsView, type Report as AnalysisReport, type ViewIssue } from '@preflight/shared';
import { mss as formatMss } from '../../analysis/time';
import { fileNameOnly } from '../reports';

/** The category names every surface uses (one list, in @preflight/shared). */
export const CATEGORY_LABELS = SHARED_CATEGORY_LABELS;
/** Frames in the strip: enough to see the video's arc, few enough to stay small. */
const STRIP_FRAMES = 8;

export interface PdfIssue {
  id: string;
  title: string;
  severity: PreventionIssue['severity'];
  category: string;
  timestamp: string;
  seconds: number;
  description: string;
  evidence: string;
  fix: string;
  impactScore: number;
  /** What fixing it buys ("Fix this: about +12 % still watching at 0:30"); null for reports made before it existed. */
  gainText: string | null;
  /** Frame image path relative to the report folder, when the report has one for this issue. */
  framePath?: string;
}

export interface PdfView {
  filename: string;
  score: number;
  /** "1 now → about 75 with the 3 fixes below" (null when the report does not say or the fixes would not raise it). */
  ifFixed: string | null;
  label: string;
  riskLevel: 'high' | 'medium' | 'low';
  viralRisk: number;
  summary: string;
  predictionNote: string;
  platform: string;
  /** The applied platform preset and its checks (null for reports made before they existed). */
  preset: PresetView | null;
  /** The checks on the spoken words, or which were not run and why. */
  words: WordsView;
  feedbackStyle: string;
  analyzedAt: string;
  durationSeconds: number;
  figures: { label: string; value: string; note: string }[];
  roiAssumptions: string[];
  /** The £ reading of the gain, printed with its assumptions. */
  moneyNote: string;
  curve: { label: string; points: { t: number; pct: number }[] };
  /** The creator's calibration of the curve, in words (docs/report-format.md, Calibration). */
  calibration: { calibrated: boolean; note: string };
  /** Sound over time (speech / music / other / silence), from the shared view model. */
  audio: AudioView;
  dropOffs: { seconds: number; timestamp: string; loss: number; cause: string }[];
  urgent: PdfIssue[];
  categories: { key: string; label: string; issues: PdfIssue[] }[];
  issueCount: number;
  strip: { seconds: number; timestamp: string; path: string }[];
  facts: { label: string; value: string }[];
  /** The video's display shape as CSS ("9 / 16"): every printed frame keeps it. */
  frameAspect: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;





/** Evenly spaced frames over the video (the report's own timeline frames). */
function stripFrames(report: AnalysisReport): PdfView['strip'] {
  const frames = [...report.frames].sort((a, b) => a.time_s - b.time_s);
  if (frames.length <= STRIP_FRAMES) return frames.map((f) => ({ seconds: f.time_s, timestamp: formatMss(f.time_s), path: f.path }));
  const duration = report.video_info.duration_seconds;
  const picked = new Set<(typeof frames)[number]>();
  for (let i = 0; i < STRIP_FRAMES; i += 1) {
    const target = (duration * i) / (STRIP_FRAMES - 1);
    const nearest = frames.reduce((best, f) => (Math.abs(f.time_s - target) < Math.abs(best.time_s - target) ? f : best));
    picked.add(nearest);
  }
  return [...picked].sort((a, b) => a.time_s - b.time_s).map((f) => ({ seconds: f.time_s, timestamp: formatMss(f.time_s), path: f.path }));
}

/**
 * The shared report view model (the one the analysis page and the shared page render) adapted to print: the PDF adds
 * only what paper needs — the frame strip and the folder-free filename; severity, urgent split, groups, labels,
 * money and facts all come from toReportView, so the three surfaces cannot disagree.
 */
export function toPdfView(report: AnalysisReport): PdfView {
  const view = toReportView({ ...report, frames_expired: false });
  const issueOf = (issue: ViewIssue): PdfIssue => ({
    id: issue.id,
    title: issue.title,
    severity: issue.severity,
    category: issue.category,
    timestamp: issue.timestamp,
    seconds: issue.seconds,
    description: issue.description,
    evidence: issue.evidence,
    fix: issue.fix,
    impactScore: issue.impactScore,
    gainText: issue.gainText,
    framePath: issue.frame?.path,
  });
  return {
    // One PDF serves the owner and every share link: it never prints the folders the upload came from.
    filename: fileNameOnly(view.filename),
    score: view.score.value,
    ifFixed: view.score.ifFixed?.line ?? null,
    label: view.score.label,
    riskLevel: view.score.riskLevel,
    viralRisk: view.score.viralRisk,
    summary: view.summary,
    predictionNote: view.predictionNote,
    platform: view.platform,
    preset: view.preset,
    words: view.words,
    feedbackStyle: view.feedbackStyle,
    analyzedAt: view.generatedAt,
    durationSeconds: view.durationSeconds,
    figures: [
      { label: 'Predicted drop-off', value: `${Math.round(view.figures.dropOffRate)}%`, note: 'of viewers leave before the end' },
      { label: 'Watch time lost', value: `${Math.round(view.figures.watchTimeLoss)}%`, note: 'of the video the average viewer misses' },
      { label: 'Hook hold', value: `${Math.round(view.figures.hookHold)}%`, note: `still watching after ${round1(view.figures.hookWindowSeconds)} s` },
      // In a creator's units (issue 28): watch time gained per view; the £ reading stays with the assumptions.
      view.money.gain.secondsPerView > 0
        ? { label: 'The fixes bring', value: `+${view.money.gain.secondsPerView} s`, note: `watched per view, ≈ ${view.money.gain.minutesPer1000Views} min per 1,000 views (assumptions below)` }
        : { label: 'The fixes bring', value: '+0 s', note: 'the predicted average watch stays as it is' },
    ],
    roiAssumptions: view.money.assumptions,
    moneyNote: view.money.gain.moneyNote,
    curve: { label: view.curve.label, points: view.curve.points.map((p) => ({ t: p.t, pct: p.retention })) },
    calibration: view.calibration,
    audio: view.audio,
    dropOffs: view.dropOffs.map((d) => ({ seconds: d.seconds, timestamp: d.timestamp, loss: d.loss, cause: d.cause })),
    urgent: view.urgent.map(issueOf),
    categories: view.groups.map((group) => ({ key: group.category, label: group.label, issues: group.issues.map(issueOf) })),
    issueCount: view.issues.length,
    strip: stripFrames(report),
    facts: view.facts,
    frameAspect: view.frameAspect.css,
  };
}
