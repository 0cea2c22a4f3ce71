/**
 * Aligns cut B to cut A by content, so that a trimmed intro, a removed or added section and a moved section are
 * recognised. Three steps on the 10 Hz envelopes (envelope.ts):
 *   1. Anchors: every 1 s window of B (4 s long) is first tried at the previous window's offset; when it does not
 *      match there, it is searched for in all of A by normalised cross-correlation, first on a 2 Hz copy (the whole
 *      search), then at 10 Hz around the best coarse candidates, with a parabola through the peak for sub-sample
 *      precision. A window found by the full search counts only when its match is strong and clearly better than
 *      the next candidate elsewhere (repeated music or silence matches everywhere and is left to its neighbours).
 *   2. Stretches: consecutive anchors with the same offset form a stretch of the same content; its offset is re-measured
 *      over the whole stretch, and snapped to the hard cuts both cuts share when there are any (cuts are frame-exact).
 *   3. Boundaries: between two stretches (and before the first, after the last) the exact edges are chosen sample by
 *      sample by least cost: a sample costs its difference from A under the stretch's offset, or UNMATCHED_COST when it
 *      is called B-only. What is left of A uncovered was removed; what is left of B uncovered was added.
 */
import type { Metrics } from '@preflight/shared';
import { ENVELOPE_HZ, envelopePair, sampleAt, type Envelope } from './envelope';

export interface MatchedStretch {
  a_start_s: number;
  a_end_s: number;
  b_start_s: number;
  b_end_s: number;
}

export interface Span {
  start_s: number;
  end_s: number;
}

export interface Alignment {
  /** In B's order. */
  matched: MatchedStretch[];
  /** A only, in A's order. */
  removed: Span[];
  /** B only, in B's order. */
  added: Span[];
  /** Share of B covered by matched stretches (how much of B is found in A). */
  coverageB: number;
  /** Share of A covered by matched stretches (how much of A is found in B). */
  coverageA: number;
  /** Enough of the shorter cut is found in the longer one for both to be cuts of one video (whatever the order). */
  sameVideo: boolean;
  method: string;
}

/** Window searched for: long enough to hold several words or shots, short enough that a 5 s removal shows. */
const WINDOW_S = 4;
const STEP_S = 1;
/** The coarse search runs at ENVELOPE_HZ / COARSE = 2 Hz: 25 × fewer operations, good enough to find candidates. */
const COARSE = 5;
const CANDIDATES = 3;
/** A window that continues the previous one's stretch is looked for this many samples (0.3 s) either side of it. */
const CONTINUE_SEARCH = 3;
/**
 * A window's match must correlate at least this well: re-encodes of one source correlate above 0.95 on these
 * envelopes; unrelated content that drifts the same way for a moment can pass 0.8, rarely 0.9.
 */
const MIN_NCC = 0.9;
/** …and beat the best candidate at another place by this much, or the window is ambiguous (a loop, a beat). */
const UNIQUE_MARGIN = 0.05;
/** A window with less spread than this (z-units² per sample) is silence or a still: it carries no position. */
const MIN_WINDOW_VARIANCE = 0.05;
/** A disagreeing anchor followed this soon by agreeing ones is a chance match (see groupAnchors). */
const OUTLIER_LOOKAHEAD = 3;
/** Anchors whose offsets differ by more than this belong to different stretches. */
const SAME_OFFSET_S = 0.25;
/**
 * Cost of calling a sample B-only: unrelated z-scored samples differ by 2 (squared, per channel) on average and
 * matching ones by well under 0.5, so a sample is kept matched unless it looks more unrelated than related.
 */
const UNMATCHED_COST = 1;
/** Content shorter than half a window cannot be placed reliably: such a stretch is an artefact of an edit nearby. */
const MIN_STRETCH_S = WINDOW_S / 2;
/**
 * Removed or added pieces shorter than this are splice artefacts, not edits: the 100 ms audio and 250 ms picture
 * samples that straddle a splice mix both sides (seen as a 0.3 s B-only gap at a re-encoded splice of real footage).
 */
const MIN_EDIT_S = 0.5;
/** At least half of the shorter cut must be found in the longer one to call the two files cuts of one video. */
const SAME_VIDEO_COVERAGE = 0.5;
/** Shared cuts agree with a stretch's offset when they are this close (two frames at 24-30 fps, under the 0.1 s sample). */
const CUT_MATCH_S = 0.08;

interface Anchor {
  /** B window start (10 Hz samples). */
  b: number;
  /** Offset in samples (A position = B position + offset). */
  offset: number;
}

/** A window with content that matched nowhere: the stretch around it is broken there (see groupAnchors). */
type Found = Anchor | { b: number; offset: null };

interface Stretch {
  /** B range in samples [start, end). */
  start: number;
  end: number;
  offset: number;
}

/** Mean of each window of `n` samples, every channel, for the coarse search. */
function decimate(env: Envelope, factor: number): Envelope {
  const length = Math.floor(env.length / factor);
  const channels = env.channels.map((ch) => {
    const out = new Float64Array(length);
    for (let i = 0; i < length; i++) {
      let s = 0;
      for (let k = 0; k < factor; k++) s += ch[i * factor + k];
      out[i] = s / factor;
    }
    return out;
  });
  return { channels, length, durationS: env.durationS };
}

/** Normalised cross-correlation of B[bStart, bStart+n) with A at fractional-free position aStart, all channels pooled. */
function ncc(a: Envelope, b: Envelope, aStart: number, bStart: number, n: number): number {
  let num = 0;
  let va = 0;
  let vb = 0;
  for (let c = 0; c < a.channels.length; c++) {
    const ca = a.channels[c];
    const cb = b.channels[c];
    let ma = 0;
    let mb = 0;
    for (let i = 0; i < n; i++) {
      ma += ca[aStart + i];
      mb += cb[bStart + i];
    }
    ma /= n;
    mb /= n;
    for (let i = 0; i < n; i++) {
      const x = ca[aStart + i] - ma;
      const y = cb[bStart + i] - mb;
      num += x * y;
      va += x * x;
      vb += y * y;
    }
  }
  return va > 0 && vb > 0 ? num / Math.sqrt(va * vb) : 0;
}

function windowVariance(env: Envelope, start: number, n: number): number {
  let v = 0;
  for (const ch of env.channels) {
    let m = 0;
    for (let i = 0; i < n; i++) m += ch[start + i];
    m /= n;
    for (let i = 0; i < n; i++) v += (ch[start + i] - m) ** 2;
  }
  return v / (n * env.channels.length);
}

/** The best few coarse positions of a B window in A, at least one second apart. */
function coarseCandidates(a: Envelope, b: Envelope, bStart: number, n: number): number[] {
  const scores: Array<{ pos: number; v: number }> = [];
  for (let pos = 0; pos + n <= a.length; pos++) scores.push({ pos, v: ncc(a, b, pos, bStart, n) });
  scores.sort((x, y) => y.v - x.v);
  const picked: number[] = [];
  const apart = Math.ceil(ENVELOPE_HZ / COARSE);
  for (const s of scores) {
    if (picked.length >= CANDIDATES) break;
    if (picked.every((p) => Math.abs(p - s.pos) >= apart)) picked.push(s.pos);
  }
  return picked;
}

/** Best position of B[bStart, bStart+n) in A within [lo, hi] at full rate, with a parabola through the peak. */
function refine(a: Envelope, b: Envelope, bStart: number, n: number, lo: number, hi: number): { pos: number; v: number } {
  let best = { pos: -1, v: -Infinity };
  const values = new Map<number, number>();
  for (let pos = Math.max(0, lo); pos <= Math.min(a.length - n, hi); pos++) {
    const v = ncc(a, b, pos, bStart, n);
    values.set(pos, v);
    if (v > best.v) best = { pos, v };
  }
  if (best.pos < 0) return best;
  const l = values.get(best.pos - 1);
  const r = values.get(best.pos + 1);
  if (l === undefined || r === undefined) return best;
  const curve = l - 2 * best.v + r;
  const shift = curve < 0 ? (0.5 * (l - r)) / curve : 0;
  return { pos: best.pos + Math.max(-0.5, Math.min(0.5, shift)), v: best.v };
}

/** How windows of B are searched for: their length, how often one starts, and the correlation a match needs. */
interface Search {
  windowS: number;
  stepS: number;
  minNcc: number;
}

const FULL_SEARCH: Search = { windowS: WINDOW_S, stepS: STEP_S, minNcc: MIN_NCC };
/**
 * Pieces shorter than the window (a 2-3 s clip moved or kept in a short) are searched again, in what is left of B
 * unmatched, with half the window every 0.5 s; a shorter window holds fewer samples, so its match must be stricter.
 */
const SHORT_SEARCH: Search = { windowS: WINDOW_S / 2, stepS: 0.5, minNcc: 0.95 };

function findAnchors(a: Envelope, b: Envelope, search: Search = FULL_SEARCH, range: [number, number] = [0, b.length]): Found[] {
  const n = Math.round(search.windowS * ENVELOPE_HZ);
  const step = Math.round(search.stepS * ENVELOPE_HZ);
  if (range[1] - range[0] < n || a.length < n) return [];
  const ca = decimate(a, COARSE);
  const cb = decimate(b, COARSE);
  const nc = Math.floor(n / COARSE);
  const anchors: Found[] = [];
  // Every STEP_S, and one window flush with B's end so that its last seconds are searched too.
  const starts: number[] = [];
  for (let s = range[0]; s + n <= range[1]; s += step) starts.push(s);
  if (starts[starts.length - 1] !== range[1] - n) starts.push(range[1] - n);
  let previous: Anchor | null = null;
  for (const bStart of starts) {
    if (windowVariance(b, bStart, n) < MIN_WINDOW_VARIANCE) continue;
    // Most windows continue the previous one's stretch: try that offset first (a strong match there is the same
    // content, as edits are rare), and search all of A only when it fails. This keeps an hour-long pair near linear.
    if (previous) {
      const at = Math.round(bStart + previous.offset);
      const near = refine(a, b, bStart, n, at - CONTINUE_SEARCH, at + CONTINUE_SEARCH);
      if (near.pos >= 0 && near.v >= search.minNcc) {
        anchors.push((previous = { b: bStart, offset: near.pos - bStart }));
        continue;
      }
    }
    const fine = coarseCandidates(ca, cb, Math.floor(bStart / COARSE), nc)
      .map((pos) => refine(a, b, bStart, n, pos * COARSE - COARSE, pos * COARSE + COARSE))
      .sort((x, y) => y.v - x.v);
    const [best, next] = fine;
    if (!best || best.v < search.minNcc) {
      anchors.push({ b: bStart, offset: null });
      continue;
    }
    if (next && Math.abs(next.pos - best.pos) >= COARSE && best.v - next.v < UNIQUE_MARGIN) continue;
    anchors.push((previous = { b: bStart, offset: best.pos - bStart }));
  }
  return anchors;
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
}

/**
 * Runs of anchors with one offset. An anchor that disagrees with its run while one of the next OUTLIER_LOOKAHEAD
 * anchors agrees again is a chance match and is skipped (an edit changes the offset for good). A window with content
 * that matched nowhere ends the run: content in between was changed, even if the offset after it is the same (two
 * short pieces swapped), and the edges are then chosen sample by sample. A run of a single window is dropped unless
 * B holds no more than two windows.
 */
function groupAnchors(found: Found[], bLength: number, search: Search = FULL_SEARCH): Stretch[] {
  const n = Math.round(search.windowS * ENVELOPE_HZ);
  const same = (x: number, y: number) => Math.abs(x - y) <= SAME_OFFSET_S * ENVELOPE_HZ;
  const runs: Anchor[][] = [];
  let missed = false;
  found.forEach((an, i) => {
    if (an.offset === null) {
      missed = true;
      return;
    }
    const run = missed ? undefined : runs[runs.length - 1];
    missed = false;
    const runOffset = run ? median(run.map((r) => r.offset)) : NaN;
    const upcoming = () => found.slice(i + 1).filter((f): f is Anchor => f.offset !== null).slice(0, OUTLIER_LOOKAHEAD);
    if (run && same(runOffset, an.offset)) run.push(an);
    else if (run && upcoming().some((next) => same(runOffset, next.offset))) return;
    else runs.push([an]);
  });
  const minRun = bLength <= 2 * n ? 1 : 2;
  return runs
    .filter((run) => run.length >= minRun)
    .map((run) => ({ start: run[0].b + n / 2, end: run[run.length - 1].b + n / 2, offset: median(run.map((r) => r.offset)) }));
}

/** Re-measures a stretch's offset over its whole extent (more samples, sharper peak). */
function remeasure(a: Envelope, b: Envelope, s: Stretch): number {
  const n = Math.round(WINDOW_S * ENVELOPE_HZ);
  const start = Math.max(0, Math.round(s.start - n / 2));
  const end = Math.min(b.length, Math.round(s.end + n / 2));
  const len = end - start;
  const pos = Math.round(start + s.offset);
  if (len < 2 || pos < 0 || pos + len > a.length) return s.offset;
  const r = refine(a, b, start, len, pos - 2, pos + 2);
  return r.pos >= 0 && r.v >= MIN_NCC ? r.pos - start : s.offset;
}

/** Snaps a stretch's offset (samples) to the median difference of the hard cuts both cuts share inside it. */
function snapToCuts(offsetSamples: number, s: Stretch, cutsA: number[], cutsB: number[]): number {
  const off = offsetSamples / ENVELOPE_HZ;
  const diffs: number[] = [];
  for (const cb of cutsB) {
    if (cb * ENVELOPE_HZ < s.start - ENVELOPE_HZ * WINDOW_S || cb * ENVELOPE_HZ > s.end + ENVELOPE_HZ * WINDOW_S) continue;
    const near = cutsA.find((ca) => Math.abs(ca - (cb + off)) <= 2 / ENVELOPE_HZ);
    if (near !== undefined) diffs.push(near - cb);
  }
  if (!diffs.length) return offsetSamples;
  const snapped = median(diffs);
  return Math.abs(snapped - off) <= 1 / ENVELOPE_HZ + CUT_MATCH_S ? snapped * ENVELOPE_HZ : offsetSamples;
}

/** Squared difference (mean over channels) of B sample k from A at k + offset; far off A, worse than unmatched. */
function sampleCost(a: Envelope, b: Envelope, k: number, offset: number): number {
  const x = k + offset;
  if (x < -0.5 || x > a.length - 0.5) return 4 * UNMATCHED_COST;
  let e = 0;
  for (let c = 0; c < b.channels.length; c++) e += (b.channels[c][k] - sampleAt(a, c, x)) ** 2;
  return e / b.channels.length;
}

function prefixCosts(a: Envelope, b: Envelope, from: number, to: number, offset: number | null): Float64Array {
  const p = new Float64Array(to - from + 1);
  for (let k = from; k < to; k++) p[k - from + 1] = p[k - from] + (offset === null ? UNMATCHED_COST : sampleCost(a, b, k, offset));
  return p;
}

/**
 * Chooses where stretch `left` ends (x1) and `right` starts (x2 ≥ x1) inside [from, to): B samples between are
 * B-only. `left` or `right` null means the start or end of B.
 */
function boundary(a: Envelope, b: Envelope, from: number, to: number, left: number | null, right: number | null): [number, number] {
  const pl = prefixCosts(a, b, from, to, left);
  const pr = prefixCosts(a, b, from, to, right);
  const total = pr[to - from];
  let bestX1 = 0;
  let bestLeft = Infinity;
  let best: [number, number] = [from, from];
  let bestCost = Infinity;
  for (let j2 = 0; j2 <= to - from; j2++) {
    // best x1 ≤ x2 for the left part: pl[x1] + UNMATCHED_COST * (x2 - x1)
    const leftCost = pl[j2] - UNMATCHED_COST * j2;
    if (leftCost < bestLeft) {
      bestLeft = leftCost;
      bestX1 = j2;
    }
    const cost = bestLeft + UNMATCHED_COST * j2 + (total - pr[j2]);
    if (cost < bestCost) {
      bestCost = cost;
      best = [from + bestX1, from + j2];
    }
  }
  return best;
}

function complement(covered: Span[], duration: number): Span[] {
  const sorted = [...covered].sort((x, y) => x.start_s - y.start_s);
  const gaps: Span[] = [];
  let t = 0;
  for (const s of sorted) {
    if (s.start_s - t >= MIN_EDIT_S) gaps.push({ start_s: r2(t), end_s: r2(s.start_s) });
    t = Math.max(t, s.end_s);
  }
  if (duration - t >= MIN_EDIT_S) gaps.push({ start_s: r2(t), end_s: r2(duration) });
  return gaps;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The stretches' exact edges (see boundary), inside both files. A stretch that comes out shorter than MIN_STRETCH_S
 * was placed by windows that straddle an edit (content that short cannot be told apart): it is dropped and its
 * neighbours' edges are chosen again. Gaps in B shorter than MIN_EDIT_S are edge rounding and join the stretch before.
 */
function placeStretches(ea: Envelope, eb: Envelope, initial: Stretch[], durationA: number, durationB: number): MatchedStretch[] {
  let stretches = initial;
  const half = (WINDOW_S * ENVELOPE_HZ) / 2;
  for (;;) {
    const edges: Array<[number, number]> = [];
    for (let i = 0; i <= stretches.length; i++) {
      const left = stretches[i - 1];
      const right = stretches[i];
      // From half a window inside each neighbour: a window that straddles an edit can still match, so a stretch's
      // last (first) window centre may lie past its true edge; the least-cost choice below finds the edge.
      const from = left ? Math.round(Math.max(left.start, left.end - half)) : 0;
      const to = right ? Math.round(Math.min(right.end, right.start + half)) : eb.length;
      edges.push(from < to ? boundary(ea, eb, from, to, left?.offset ?? null, right?.offset ?? null) : [from, from]);
    }
    const placed = stretches.map((s, i) => {
      const off = s.offset / ENVELOPE_HZ;
      const bStart = Math.max(edges[i][1] / ENVELOPE_HZ, -off, 0);
      const bEnd = Math.min(edges[i + 1][0] / ENVELOPE_HZ, durationA - off, durationB);
      return { off, bStart, bEnd };
    });
    const keep = placed.map((p) => p.bEnd - p.bStart >= MIN_STRETCH_S);
    if (keep.every(Boolean) || stretches.length === 0) return absorbRounding(placed, durationA, durationB);
    stretches = stretches.filter((_, i) => keep[i]);
  }
}

/** Closes B gaps shorter than MIN_EDIT_S: split between two stretches, or joined to the stretch at B's start or end. */
function absorbRounding(placed: Array<{ off: number; bStart: number; bEnd: number }>, durationA: number, durationB: number): MatchedStretch[] {
  const out = placed.map((p) => ({ ...p }));
  out.forEach((p, i) => {
    const next = out[i + 1];
    if (!next) {
      if (durationB - p.bEnd < MIN_EDIT_S) p.bEnd = Math.min(durationB, durationA - p.off);
      return;
    }
    const gap = next.bStart - p.bEnd;
    if (gap < 0 || gap >= MIN_EDIT_S) return;
    // Split between the neighbours: the splice is in the middle of the samples that straddle it.
    const middle = p.bEnd + gap / 2;
    p.bEnd = Math.min(middle, durationA - p.off);
    next.bStart = Math.max(middle, -next.off);
  });
  if (out.length && out[0].bStart < MIN_EDIT_S) out[0].bStart = Math.max(0, -out[0].off);
  return out.map((p) => ({ a_start_s: r2(p.bStart + p.off), a_end_s: r2(p.bEnd + p.off), b_start_s: r2(p.bStart), b_end_s: r2(p.bEnd) }));
}

/** The same alignment seen from the other cut: A and B exchanged (removed ↔ added), matched kept in the new B's order. */
function swapped(al: Alignment): Alignment {
  return {
    matched: al.matched.map((m) => ({ a_start_s: m.b_start_s, a_end_s: m.b_end_s, b_start_s: m.a_start_s, b_end_s: m.a_end_s })).sort((x, y) => x.b_start_s - y.b_start_s),
    removed: al.added,
    added: al.removed,
    coverageA: al.coverageB,
    coverageB: al.coverageA,
    sameVideo: al.sameVideo,
    method: al.method,
  };
}

const matchedShare = (al: Alignment) => al.coverageA + al.coverageB;

/**
 * Aligns two cuts whatever order they were picked in: the windows of the shorter cut are searched for in the longer
 * one (a trim is found whole in its original; the original's extra content is what was added or removed), and the
 * answer is turned to the order asked for. Cuts of equal length are aligned both ways and the better match is kept.
 * So A–B and B–A give the same stretches, mirrored, and the same same-video answer.
 */
export function alignCuts(a: Metrics, b: Metrics): Alignment {
  if (a.duration_s > b.duration_s) return alignOneWay(a, b);
  if (a.duration_s < b.duration_s) return swapped(alignOneWay(b, a));
  const forward = alignOneWay(a, b);
  const backward = swapped(alignOneWay(b, a));
  return matchedShare(backward) > matchedShare(forward) ? backward : forward;
}

/** Searches B's windows in A (see the file's comment). */
function alignOneWay(a: Metrics, b: Metrics): Alignment {
  const pair = envelopePair(a, b);
  const { a: ea, b: eb } = pair;
  const channels = pair.channelNames.length ? pair.channelNames.join(', ') : 'nothing';
  const method =
    `Matched by content: ${channels} envelopes at ${pair.coarse ? '1 Hz (an older report without the fine fingerprint)' : `${ENVELOPE_HZ} Hz`}, ` +
    'cross-correlated in 4 s windows, edges refined sample by sample and on shared cuts';
  const nothing: Alignment = { matched: [], removed: a.duration_s ? [{ start_s: 0, end_s: r2(a.duration_s) }] : [], added: b.duration_s ? [{ start_s: 0, end_s: r2(b.duration_s) }] : [], coverageB: 0, coverageA: 0, sameVideo: false, method };
  if (!pair.channelNames.length) return nothing;
  const measured = (found: Stretch[]) => found.map((s) => ({ ...s, offset: snapToCuts(remeasure(ea, eb, s), s, a.cuts, b.cuts) }));
  const stretches = measured(groupAnchors(findAnchors(ea, eb), eb.length));
  let matched = placeStretches(ea, eb, stretches, a.duration_s, b.duration_s);
  // What the full windows left unmatched may hold pieces shorter than a window: search it again with short ones.
  const minGap = SHORT_SEARCH.windowS + SHORT_SEARCH.stepS;
  const gaps = complement(matched.map((m) => ({ start_s: m.b_start_s, end_s: m.b_end_s })), b.duration_s).filter((g) => g.end_s - g.start_s >= minGap);
  const short = measured(
    gaps.flatMap((g) => groupAnchors(findAnchors(ea, eb, SHORT_SEARCH, [Math.round(g.start_s * ENVELOPE_HZ), Math.round(g.end_s * ENVELOPE_HZ)]), eb.length, SHORT_SEARCH)),
  );
  if (short.length) matched = placeStretches(ea, eb, [...stretches, ...short].sort((x, y) => x.start - y.start), a.duration_s, b.duration_s);
  if (!matched.length) return nothing;
  const coveredB = matched.reduce((t, m) => t + m.b_end_s - m.b_start_s, 0);
  const coverageB = b.duration_s > 0 ? Math.min(1, coveredB / b.duration_s) : 0;
  const coveredA = matched.reduce((t, m) => t + m.a_end_s - m.a_start_s, 0);
  const coverageA = a.duration_s > 0 ? Math.min(1, coveredA / a.duration_s) : 0;
  // B is the shorter cut here (alignCuts): how much of it is found in A decides whether they are one video.
  return {
    matched,
    removed: complement(matched.map((m) => ({ start_s: m.a_start_s, end_s: m.a_end_s })), a.duration_s),
    added: complement(matched.map((m) => ({ start_s: m.b_start_s, end_s: m.b_end_s })), b.duration_s),
    coverageB: Math.round(coverageB * 1000) / 1000,
    coverageA: Math.round(coverageA * 1000) / 1000,
    sameVideo: Math.max(coverageA, coverageB) >= SAME_VIDEO_COVERAGE,
    method,
  };
}
