/**
 * Compares two analysed cuts of one video (A the reference, B the new cut) from their stored reports, without decoding
 * again: aligns B to A by content (align.ts), lays both predicted retention curves on the aligned timeline, sorts the
 * issues the reports list into fixed / new / remaining (match-issues.ts), and says which cut holds viewers better where and which one to post.
 */
import type { AlignedStretch, ComparedIssue, ComparedVersion, Comparison, Report } from '@preflight/shared';
import { formatTimestamp } from '@preflight/shared';
import { alignCuts, type Alignment } from './align';
import { matchIssues } from './match-issues';

export { matchIssues } from './match-issues';

export interface ComparedInput {
  reportId: string;
  filename: string;
  report: Report;
}

/** Differences smaller than these are within the model's rounding: not a reason to prefer one cut. */
const SCORE_DECIDES = 3;
const WATCH_DECIDES_PCT = 2;
const WINDOW_DECIDES_PCT = 2;
/** Later windows: at most this many, each at least this long, so that each says something about a real stretch. */
const LATER_WINDOWS = 3;
const MIN_WINDOW_S = 5;

const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;

function version(input: ComparedInput): ComparedVersion {
  const r = input.report;
  const duration = r.video_info.duration_seconds;
  const avgWatch = r.prevention_analytics.prevention_roi.baseline_avg_watch_s;
  return {
    report_id: input.reportId,
    filename: input.filename,
    duration_s: duration,
    overall_score: r.overall_score_and_recommendations.overall_performance_score,
    optimization_label: r.overall_score_and_recommendations.optimization_label,
    platform: r.report_metadata.platform,
    predicted_hook_hold: r.viral_hook.predicted_hook_hold,
    predicted_average_watch_pct: r1(Math.min(100, duration > 0 ? (100 * avgWatch) / duration : 0)),
    // The issues the report lists (its prevention fixes, the view model's list), not only its detailed items.
    issue_count: r.prevention_analytics.prevention_fixes.length,
  };
}

/** The aligned timeline: A's content in A's order (matched and removed), B-only stretches after their B predecessor. */
export function alignedTimeline(al: Alignment): AlignedStretch[] {
  type Piece = Omit<AlignedStretch, 'aligned_start_s' | 'aligned_end_s'>;
  const inA: Piece[] = [
    ...al.matched.map((m) => ({ kind: 'matched' as const, a_start_s: m.a_start_s, a_end_s: m.a_end_s, b_start_s: m.b_start_s, b_end_s: m.b_end_s })),
    ...al.removed.map((s) => ({ kind: 'removed' as const, a_start_s: s.start_s, a_end_s: s.end_s, b_start_s: null, b_end_s: null })),
  ].sort((x, y) => x.a_start_s - y.a_start_s);
  const pieces: Piece[] = [...inA];
  for (const add of al.added) {
    const piece: Piece = { kind: 'added', a_start_s: null, a_end_s: null, b_start_s: add.start_s, b_end_s: add.end_s };
    // After the matched stretch that ends where this addition starts in B (or the closest one before it).
    const before = al.matched.filter((m) => m.b_end_s <= add.start_s + 0.01).sort((x, y) => y.b_end_s - x.b_end_s)[0];
    const at = before ? pieces.findIndex((p) => p.kind === 'matched' && p.b_start_s === before.b_start_s) + 1 : 0;
    pieces.splice(at, 0, piece);
  }
  let t = 0;
  return pieces.map((p) => {
    const length = p.kind === 'added' ? p.b_end_s! - p.b_start_s! : p.a_end_s! - p.a_start_s!;
    const out = { ...p, aligned_start_s: r2(t), aligned_end_s: r2(t + length) };
    t += length;
    return out;
  });
}

/** Where time t of one cut sits on the aligned timeline (clamped into the nearest stretch of that cut). */
export function toAligned(timeline: AlignedStretch[], side: 'a' | 'b', t: number): number {
  let nearest: { d: number; v: number } | null = null;
  for (const s of timeline) {
    const start = side === 'a' ? s.a_start_s : s.b_start_s;
    const end = side === 'a' ? s.a_end_s : s.b_end_s;
    if (start === null || end === null) continue;
    const clamped = Math.min(end, Math.max(start, t));
    const d = Math.abs(clamped - t);
    if (!nearest || d < nearest.d) nearest = { d, v: s.aligned_start_s + (clamped - start) };
    if (d === 0) break;
  }
  return r2(nearest ? nearest.v : t);
}

function retentionAt(r: Report, t: number): number {
  const pts = r.retention_curve.points;
  if (!pts.length) return 100;
  const k = Math.min(pts.length - 1, Math.max(0, Math.floor(t)));
  const next = pts[Math.min(pts.length - 1, k + 1)];
  return pts[k].retention_pct + (next.retention_pct - pts[k].retention_pct) * Math.min(1, Math.max(0, t - k));
}

/**
 * Windows of viewing time (each cut from its own start, as a viewer watches it): the hook window, then the rest up
 * to the shorter cut's end in at most three parts. A window's figure is the share of the viewers present at its start
 * who are still watching at its end, so a later window is not judged on what was lost before it.
 */
export function viewingWindows(a: Report, b: Report): Comparison['windows'] {
  const end = Math.min(a.video_info.duration_seconds, b.video_info.duration_seconds);
  const hook = Math.min(a.viral_hook.hook_window_s, b.viral_hook.hook_window_s, end);
  const bounds = [0, hook];
  const rest = end - hook;
  const parts = Math.min(LATER_WINDOWS, Math.floor(rest / MIN_WINDOW_S));
  for (let i = 1; i <= parts; i++) bounds.push(hook + (rest * i) / parts);
  const windows: Comparison['windows'] = [];
  for (let i = 1; i < bounds.length; i++) {
    const [s, e] = [bounds[i - 1], bounds[i]];
    if (e - s < 1) continue;
    const hold = (r: Report) => {
      const start = retentionAt(r, s);
      return start > 0 ? Math.min(100, (100 * retentionAt(r, e)) / start) : 0;
    };
    const ha = hold(a);
    const hb = hold(b);
    windows.push({
      label: s === 0 ? `First ${Math.round(e)} s` : `${formatTimestamp(s)}–${formatTimestamp(e)}`,
      start_s: r2(s),
      end_s: r2(e),
      a_retention_pct: r1(ha),
      b_retention_pct: r1(hb),
      stronger: Math.abs(hb - ha) < WINDOW_DECIDES_PCT ? 'even' : hb > ha ? 'b' : 'a',
    });
  }
  return windows;
}

function recommend(va: ComparedVersion, vb: ComparedVersion): Comparison['recommended'] {
  const ds = vb.overall_score - va.overall_score;
  if (Math.abs(ds) >= SCORE_DECIDES) return ds > 0 ? 'b' : 'a';
  const dw = vb.predicted_average_watch_pct - va.predicted_average_watch_pct;
  if (Math.abs(dw) >= WATCH_DECIDES_PCT) return dw > 0 ? 'b' : 'a';
  return 'even';
}

/** "B is stronger in the first 6 seconds; A holds better after 0:40", from runs of windows with one winner. */
function windowPhrases(windows: Comparison['windows'], lastEnd: number): string[] {
  const phrases: string[] = [];
  let i = 0;
  while (i < windows.length) {
    const w = windows[i];
    let j = i;
    while (j + 1 < windows.length && windows[j + 1].stronger === w.stronger) j++;
    if (w.stronger !== 'even') {
      const who = w.stronger.toUpperCase();
      const end = windows[j].end_s;
      if (w.start_s === 0) phrases.push(`${who} is stronger in the first ${Math.round(end)} seconds`);
      else if (end >= lastEnd - 0.01) phrases.push(`${who} holds better after ${formatTimestamp(w.start_s)}`);
      else phrases.push(`${who} holds better from ${formatTimestamp(w.start_s)} to ${formatTimestamp(end)}`);
    }
    i = j + 1;
  }
  return phrases;
}

/**
 * One line: what to post, the scores in A-then-B order, and why. It never says the cuts hold viewers alike when their
 * scores are apart: with no window deciding, the gap comes from the issues each cut has, and the line says that.
 */
export function verdict(va: ComparedVersion, vb: ComparedVersion, windows: Comparison['windows'], recommended: Comparison['recommended'], sameVideo: boolean): string {
  const scoreGap = Math.abs(vb.overall_score - va.overall_score);
  const byWatch = recommended !== 'even' && scoreGap < SCORE_DECIDES;
  const watch = `average watch A ${Math.round(va.predicted_average_watch_pct)}%, B ${Math.round(vb.predicted_average_watch_pct)}%`;
  const figures = `score A ${va.overall_score}, B ${vb.overall_score}${byWatch ? `; ${watch}` : ''}`;
  const lead = recommended === 'even' ? `Either cut (${figures})` : `Post ${recommended.toUpperCase()} (${figures})`;
  if (!sameVideo) return `${lead}; these look like two different videos, so only their scores are compared, not their timelines.`;
  const phrases = windowPhrases(windows, windows.length ? windows[windows.length - 1].end_s : 0);
  if (phrases.length) return `${lead}: ${phrases.join('; ')}.`;
  if (scoreGap >= SCORE_DECIDES) {
    const better = vb.overall_score > va.overall_score ? 'B' : 'A';
    return `${lead}: over the same viewing time the predicted curves stay within ${WINDOW_DECIDES_PCT} points, so the gap comes from the issues (A has ${va.issue_count}, B has ${vb.issue_count}); ${better} has fewer or milder ones.`;
  }
  return `${lead}: both hold viewers alike.`;
}

/** The comparison of two reports; issue frames carry the URLs the reports were served with (none from a bare report.json). */
export function compareReports(a: ComparedInput, b: ComparedInput): Omit<Comparison, 'issues'> & { issues: ComparedIssue[] } {
  const al = alignCuts(a.report.metrics, b.report.metrics);
  const timeline = alignedTimeline(al);
  const va = version(a);
  const vb = version(b);
  const windows = al.sameVideo ? viewingWindows(a.report, b.report) : [];
  const recommended = recommend(va, vb);
  const curve = (r: Report, s: 'a' | 'b') =>
    r.retention_curve.points.map((p) => ({ t_s: p.t_s, aligned_s: al.sameVideo ? toAligned(timeline, s, p.t_s) : p.t_s, retention_pct: p.retention_pct }));
  return {
    a: va,
    b: vb,
    alignment: { stretches: timeline, coverage_a: al.coverageA, coverage_b: al.coverageB, same_video: al.sameVideo, method: al.method },
    score_delta: vb.overall_score - va.overall_score,
    retention: { a: curve(a.report, 'a'), b: curve(b.report, 'b') },
    issues: matchIssues(a.report, b.report, al),
    windows,
    recommended,
    verdict: verdict(va, vb, windows, recommended, al.sameVideo),
    predictions_are_estimates: true,
  };
}
