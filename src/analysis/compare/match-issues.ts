/**
 * Which findings of cut A and cut B are the same finding: fixed (A only), new (B only) or remaining (both). The lists
 * compared are the ones each report shows (its prevention fixes, as the view model lists them), so a comparison never
 * counts or names an issue its reports do not.
 *
 * Two findings are the same when they have the same cause (the rule that found them) and are about the same place:
 *   - the same content: their stretches overlap once A's is carried into B through the matched stretches of the
 *     alignment, or their starts land within SAME_ISSUE_S of each other that way (an edit inside a stretch moves its
 *     start by a few seconds);
 *   - or the same edge of each cut: a finding about the opening (a hook finding, or one that starts at 0:00), the
 *     ending (one that runs to the last second) or the whole cut (both, e.g. a quiet mix) is about that edge of
 *     whichever cut it is found in, not about the content that happens to sit there.
 * Every test here reads both cuts alike, so swapping A and B swaps fixed and new and nothing else.
 */
import { issueSpans, type ComparedIssue, type ComparedIssueSide, type IssueSpan, type PreventionIssue, type Report } from '@preflight/shared';
import type { Alignment, MatchedStretch } from './align';

/** An edit inside a finding's stretch moves its start by up to a few seconds: this close is the same finding. */
export const SAME_ISSUE_S = 3;
/** A stretch that starts this close to 0:00 is about the opening; one that ends this close to the end, the ending. */
const EDGE_S = 0.5;

type Edge = 'opening' | 'ending';
type Side = 'a' | 'b';

interface Finding {
  issue: PreventionIssue;
  cause: string;
  spans: IssueSpan[];
  edges: Set<Edge>;
  frameUrl?: string;
}

/** "dead-air-253" → "dead-air": the rule that found it (ids are the rule's code and the finding's tenths of a second). */
export const causeOf = (issue: Pick<PreventionIssue, 'id'>) => issue.id.replace(/-\d+$/, '');

function edgesOf(issue: PreventionIssue, spans: IssueSpan[], duration: number): Set<Edge> {
  const edges = new Set<Edge>();
  const start = Math.min(...spans.map((s) => s.start_s));
  const end = Math.max(...spans.map((s) => s.end_s));
  if (issue.category === 'hook' || start <= EDGE_S) edges.add('opening');
  if (end > start && end >= duration - EDGE_S) edges.add('ending');
  return edges;
}

/** The signed frame URL of a finding, when the report was read as served (the fix shares its id with its item). */
function frameUrls(report: Report): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const f of report.predictive_frames) if (f.thumbnail_url) byPath.set(f.frame_image_path, f.thumbnail_url);
  for (const f of (report as { frames?: Array<{ path: string; url?: string }> }).frames ?? []) if (f.url) byPath.set(f.path, f.url);
  const byId = new Map<string, string>();
  for (const item of report.detailed_analysis) {
    const url = item.thumbnail_url ?? (item.frame_image_path ? byPath.get(item.frame_image_path) : undefined);
    if (url) byId.set(item.id, url);
  }
  for (const item of report.viral_hook.action_items) {
    const url = item.frame_image_path ? byPath.get(item.frame_image_path) : undefined;
    if (url) byId.set(item.id, url);
  }
  return byId;
}

function findingsOf(report: Report): Finding[] {
  const duration = report.video_info.duration_seconds;
  const urls = frameUrls(report);
  return report.prevention_analytics.prevention_fixes.map((issue) => {
    const spans = issueSpans(issue).map((s) => ({ start_s: Math.min(s.start_s, duration), end_s: Math.min(s.end_s, duration) }));
    return { issue, cause: causeOf(issue), spans, edges: edgesOf(issue, spans, duration), frameUrl: urls.get(issue.id) };
  });
}

const from = (m: MatchedStretch, s: Side) => (s === 'a' ? { start: m.a_start_s, end: m.a_end_s, to: m.b_start_s - m.a_start_s } : { start: m.b_start_s, end: m.b_end_s, to: m.a_start_s - m.b_start_s });

/** Where time t of one cut is in the other: through the closest matched stretch (clamped into it). */
function carry(matched: MatchedStretch[], side: Side, t: number): number | null {
  let best: { d: number; v: number } | null = null;
  for (const m of matched) {
    const { start, end, to } = from(m, side);
    const clamped = Math.min(end, Math.max(start, t));
    const d = Math.abs(clamped - t);
    if (!best || d < best.d) best = { d, v: clamped + to };
  }
  return best ? best.v : null;
}

/** Seconds of content both findings cover: A's stretches carried into B through each matched stretch, met with B's. */
function sharedContent(matched: MatchedStretch[], a: IssueSpan[], b: IssueSpan[]): number {
  let total = 0;
  for (const m of matched) {
    for (const sa of a) {
      const start = Math.max(sa.start_s, m.a_start_s);
      const end = Math.min(sa.end_s, m.a_end_s);
      if (end <= start) continue;
      const shift = m.b_start_s - m.a_start_s;
      for (const sb of b) total += Math.max(0, Math.min(end + shift, sb.end_s) - Math.max(start + shift, sb.start_s));
    }
  }
  return total;
}

/** How far apart the two findings' starts are on the same content, read from either cut (the closer reading). */
function startGap(matched: MatchedStretch[], a: IssueSpan[], b: IssueSpan[]): number {
  let gap = Infinity;
  for (const sa of a) {
    for (const sb of b) {
      const inB = carry(matched, 'a', sa.start_s);
      const inA = carry(matched, 'b', sb.start_s);
      if (inB !== null) gap = Math.min(gap, Math.abs(inB - sb.start_s));
      if (inA !== null) gap = Math.min(gap, Math.abs(inA - sa.start_s));
    }
  }
  return gap;
}

/**
 * How strongly two findings are one, or null when they are not: shared content first (the more the closer), then
 * close starts, then a shared edge only. Lower is closer.
 */
function closeness(fa: Finding, fb: Finding, al: Alignment): number | null {
  if (fa.cause !== fb.cause) return null;
  const matched = al.sameVideo ? al.matched : [];
  const shared = sharedContent(matched, fa.spans, fb.spans);
  if (shared > 0) return -shared;
  const gap = startGap(matched, fa.spans, fb.spans);
  if (gap <= SAME_ISSUE_S) return gap;
  if ([...fa.edges].some((e) => fb.edges.has(e))) return SAME_ISSUE_S + 1;
  return null;
}

function side(f: Finding): ComparedIssueSide {
  return {
    issue_id: f.issue.id,
    timestamp_s: f.issue.timestamp_seconds,
    evidence: f.issue.evidence,
    severity: f.issue.severity,
    ...(f.frameUrl ? { frame_url: f.frameUrl } : {}),
  };
}

/** Each finding of A paired with at most one of B (the closest first); the rest are fixed (A only) or new (B only). */
export function matchIssues(a: Report, b: Report, al: Alignment): ComparedIssue[] {
  const fa = findingsOf(a);
  const fb = findingsOf(b);
  const pairs: Array<{ i: number; j: number; cost: number; at: number; key: string }> = [];
  fa.forEach((x, i) =>
    fb.forEach((y, j) => {
      const cost = closeness(x, y, al);
      if (cost === null) return;
      // Ties are broken by what both orders see alike: the two times together, then the two ids in one order.
      const ids = [x.issue.id, y.issue.id].sort();
      pairs.push({ i, j, cost, at: x.issue.timestamp_seconds + y.issue.timestamp_seconds, key: ids.join('|') });
    }),
  );
  pairs.sort((p, q) => p.cost - q.cost || p.at - q.at || (p.key < q.key ? -1 : p.key > q.key ? 1 : 0));
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const out: ComparedIssue[] = [];
  for (const p of pairs) {
    if (usedA.has(p.i) || usedB.has(p.j)) continue;
    usedA.add(p.i);
    usedB.add(p.j);
    // Titled as in B: the cut the creator would post.
    out.push({ state: 'remaining', title: fb[p.j].issue.title, category: fb[p.j].issue.category, a: side(fa[p.i]), b: side(fb[p.j]) });
  }
  fa.forEach((x, i) => usedA.has(i) || out.push({ state: 'fixed', title: x.issue.title, category: x.issue.category, a: side(x), b: null }));
  fb.forEach((y, j) => usedB.has(j) || out.push({ state: 'new', title: y.issue.title, category: y.issue.category, a: null, b: side(y) }));
  const order = { fixed: 0, new: 1, remaining: 2 };
  return out.sort((x, y) => order[x.state] - order[y.state] || (x.a ?? x.b)!.timestamp_s - (y.a ?? y.b)!.timestamp_s);
}
