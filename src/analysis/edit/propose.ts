/**
 * The proposal: which stretches of the source to remove, from the signals the analysis already measured (speech from
 * the voice detector, silences, still and black pictures, cuts). Four kinds:
 *   slow start   — from 0 to the first words or the first change of picture, whichever comes first;
 *   dead ending  — from the last words (or the last change of picture) to the end, over a still picture;
 *   dead air     — silences of at least the dead-air length (the dead-air finding's own threshold);
 *   pause        — the other silences of at least min_silence_s (or, with shorten_pauses_to_s, pauses between two
 *                  speech segments kept at that length).
 * Never into speech: every speech segment keeps margin_before_s / margin_after_s around it; silences shorter than
 * min_silence_s stay; edges snap onto the source's frames with the cut shrinking; no kept piece is shorter than
 * min_kept_s (the cuts next to a short piece give it room).
 */
import type { EditCut, EditCutKind, EditSettings, Metrics } from '@preflight/shared';
import { C } from '../model/constants';
import { hasAudibleSound, mergeSegments, splitAtCuts } from '../model/signals';
import type { Candidate, IssueCode } from '../rules/candidates';
import { FrameGrid } from './frame-grid';
import { keptOf, lengthOf, overlapOf, subtract, union, type Range } from './ranges';
import { describeCut } from './reason';
import { MIN_CUT_S } from './settings';

/** The findings each kind of cut answers, most specific first. */
const ANSWERS: Record<EditCutKind, IssueCode[]> = {
  slow_start: ['hook_slow_start', 'hook_black_opening', 'hook_frozen_opening'],
  dead_air: ['dead_segment', 'dead_air', 'static_stretch', 'low_energy', 'pacing_lull'],
  pause: ['dead_air', 'dead_segment'],
  dead_ending: ['long_tail', 'dead_segment', 'dead_air', 'static_stretch'],
  manual: ['dead_segment', 'dead_air', 'long_tail', 'hook_slow_start', 'static_stretch', 'pacing_lull', 'low_energy'],
};

interface Proposed extends Range {
  kind: EditCutKind;
}

/** Where speech is, with the margins kept around it: nothing here is ever cut. */
export function speechZones(m: Metrics, s: Pick<EditSettings, 'margin_before_s' | 'margin_after_s'>): Range[] {
  return union(m.speech_segments.map((g) => ({ start_s: Math.max(0, g.start_s - s.margin_before_s), end_s: Math.min(m.duration_s, g.end_s + s.margin_after_s) })));
}

/** `r` minus the speech zones (sorted, disjoint, as speechZones gives them): only the zones it touches are looked at. */
function outside(r: Range, zones: Range[]): Range[] {
  let lo = 0;
  let hi = zones.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zones[mid].end_s <= r.start_s) lo = mid + 1;
    else hi = mid;
  }
  const touching: Range[] = [];
  for (let k = lo; k < zones.length && zones[k].start_s < r.end_s; k++) touching.push(zones[k]);
  return touching.length ? subtract(r, touching) : [{ start_s: r.start_s, end_s: r.end_s }];
}

/** Still stretches (static, frozen, black), merged but split at cuts: where the picture does not change. */
export function stills(m: Metrics): Range[] {
  return splitAtCuts(mergeSegments([...m.static_segments, ...m.frozen_segments, ...m.black_segments]), m.cuts);
}

function slowStart(m: Metrics, s: EditSettings, still: Range[], audible: boolean): Proposed | null {
  const opening = still.find((g) => g.start_s <= 0.3);
  // The picture changes at the end of a still opening; without one it changes from the start.
  const pictureChange = opening ? opening.end_s : 0;
  if (m.first_speech_s !== null) {
    const end = Math.min(m.first_speech_s - s.margin_before_s, pictureChange);
    return end >= s.min_silence_s ? { start_s: 0, end_s: end, kind: 'slow_start' } : null;
  }
  // Nobody speaks: only a still opening with nothing to hear (silent, or no sound at all) is a slow start.
  if (!opening) return null;
  const silentOpen = !audible || m.silences.some((g) => g.start_s <= 0.3 && g.end_s >= opening.end_s - 0.05);
  const end = silentOpen ? opening.end_s : 0;
  return end >= s.min_silence_s && end < m.duration_s - s.min_kept_s ? { start_s: 0, end_s: end, kind: 'slow_start' } : null;
}

function deadEnding(m: Metrics, s: EditSettings, still: Range[], audible: boolean): Proposed | null {
  const D = m.duration_s;
  const closing = still.find((g) => g.end_s >= D - 0.3);
  // The last change of picture is the start of a still closing; without one the picture changes to the end.
  const lastChange = closing ? closing.start_s : D;
  let start: number;
  if (m.last_speech_end_s !== null) start = Math.max(m.last_speech_end_s + s.margin_after_s, lastChange);
  else {
    const silentEnd = !audible ? closing : m.silences.find((g) => g.end_s >= D - 0.15);
    if (!silentEnd || !closing) return null;
    start = Math.max(lastChange, silentEnd.start_s);
  }
  return D - start >= s.min_silence_s && start > 0 ? { start_s: start, end_s: D, kind: 'dead_ending' } : null;
}

/** The speech segments just before and just after a silence (segments sorted by time). */
function neighbours(speech: readonly Range[], g: Range): { before?: Range; after?: Range } {
  let lo = 0;
  let hi = speech.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (speech[mid].end_s <= g.start_s + 0.05) lo = mid + 1;
    else hi = mid;
  }
  let k = lo;
  while (k < speech.length && speech[k].start_s < g.end_s - 0.05) k++;
  return { before: lo > 0 ? speech[lo - 1] : undefined, after: speech[k] };
}

/** Silences inside the video (not speech, minus the margins), as dead air or pauses. */
function silences(m: Metrics, s: EditSettings, zones: Range[]): Proposed[] {
  const out: Proposed[] = [];
  for (const g of m.silences) {
    const len = g.end_s - g.start_s;
    if (len < s.min_silence_s) continue;
    const kind: EditCutKind = len >= C.DEAD_AIR_MIN_S ? 'dead_air' : 'pause';
    const { before, after } = neighbours(m.speech_segments, g);
    let range: Range = g;
    // A pause between two speech segments kept at the set length: the kept part split as the margins are.
    if (s.shorten_pauses_to_s !== null && before && after) {
      const gap = after.start_s - before.end_s;
      const keep = Math.max(s.shorten_pauses_to_s, s.margin_before_s + s.margin_after_s);
      if (gap <= keep) continue;
      const share = s.margin_before_s + s.margin_after_s > 0 ? s.margin_after_s / (s.margin_before_s + s.margin_after_s) : 0.5;
      range = { start_s: before.end_s + keep * share, end_s: after.start_s - keep * (1 - share) };
    }
    for (const p of outside(range, zones)) if (p.end_s - p.start_s >= MIN_CUT_S) out.push({ ...p, kind });
  }
  return out;
}

/** Cuts onto the frame grid, shrinking; too-short cuts dropped. */
function snap(cuts: Proposed[], grid: FrameGrid): Proposed[] {
  return cuts
    .map((c) => ({ ...c, start_s: c.start_s <= 1e-6 ? 0 : grid.ceil(c.start_s), end_s: grid.floor(c.end_s) }))
    .filter((c) => c.end_s - c.start_s >= Math.max(MIN_CUT_S, grid.frameS - 1e-9));
}

/** Joins overlapping cuts (the earlier kind names the union unless a later one is an edge of the video). */
function join(cuts: Proposed[]): Proposed[] {
  const out: Proposed[] = [];
  for (const c of [...cuts].sort((a, b) => a.start_s - b.start_s)) {
    const last = out[out.length - 1];
    if (last && c.start_s <= last.end_s + 1e-6) {
      last.end_s = Math.max(last.end_s, c.end_s);
      if (c.kind === 'dead_ending' || (c.kind === 'dead_air' && last.kind === 'pause')) last.kind = c.kind;
    } else out.push({ ...c });
  }
  return out;
}

/** Gives every kept piece shorter than min_kept_s room from the cuts beside it (never the other way round). */
function keepPiecesLong(cuts: Proposed[], D: number, minKept: number): Proposed[] {
  let cs = cuts.map((c) => ({ ...c }));
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    const kept = keptOf(cs, D);
    for (const p of kept) {
      const need = minKept - (p.end_s - p.start_s);
      if (need <= 1e-9) continue;
      const left = cs.find((c) => Math.abs(c.end_s - p.start_s) < 1e-6);
      const right = cs.find((c) => Math.abs(c.start_s - p.end_s) < 1e-6);
      const fromLeft = left ? (right ? need / 2 : need) : 0;
      if (left) left.end_s -= fromLeft;
      if (right) right.start_s += need - fromLeft;
      changed = true;
    }
    // The video itself shorter than min_kept_s once cut: no cut at all rather than a fragment.
    if (D - lengthOf(cs) < minKept) return [];
    cs = cs.filter((c) => c.end_s - c.start_s >= MIN_CUT_S);
    if (!changed) break;
  }
  return cs;
}

/** The shown finding whose stretch this cut overlaps most, among those its kind answers. */
export function findingFor(cut: Range, kind: EditCutKind, findings: readonly Candidate[]): string | null {
  let best: { id: string; score: number } | null = null;
  const codes = ANSWERS[kind];
  for (const f of findings) {
    const rank = codes.indexOf(f.code);
    if (rank < 0) continue;
    const parts = f.occurrences?.length ? f.occurrences : [f];
    const hit = parts.reduce((a, o) => a + overlapOf(cut, { start_s: o.time_s, end_s: o.end_s ?? o.time_s + 0.5 }), 0);
    if (hit <= 0) continue;
    const score = hit - rank * 1e-3;
    if (!best || score > best.score) best = { id: f.id, score };
  }
  return best?.id ?? null;
}

export interface Proposal {
  cuts: EditCut[];
  note: string | null;
}

export function proposeCuts(m: Metrics, findings: readonly Candidate[], s: EditSettings, grid: FrameGrid): Proposal {
  const audible = hasAudibleSound(m);
  const still = stills(m);
  const zones = speechZones(m, s);
  const raw: Proposed[] = [];
  const start = slowStart(m, s, still, audible);
  const end = deadEnding(m, s, still, audible);
  if (start) raw.push(start);
  if (end) raw.push(end);
  // A silent track is one finding (no sound), not dead air from start to end.
  if (audible) raw.push(...silences(m, s, zones));
  // Every range minus the speech zones, whatever its kind (the edges included).
  const safe = raw.flatMap((c) => outside(c, zones).map((p) => ({ ...p, kind: c.kind })));
  let cuts = snap(join(safe), grid);
  cuts = snap(keepPiecesLong(cuts, m.duration_s, s.min_kept_s), grid);
  const out: EditCut[] = cuts.map((c) => {
    // Silence from the first frame is a slow start, silence to the last one a dead ending, whatever found it.
    const kind: EditCutKind = c.start_s === 0 ? 'slow_start' : c.end_s >= m.duration_s ? 'dead_ending' : c.kind;
    return { start_s: c.start_s, end_s: c.end_s, kind, reason: describeCut(m, c, kind, still), finding_id: findingFor(c, kind, findings), enabled: true };
  });
  return {
    cuts: out,
    note: out.length
      ? null
      : `Nothing worth removing: no dead air, slow start or dead ending was found (silences shorter than ${s.min_silence_s} s and ${s.margin_before_s} s before / ${s.margin_after_s} s after speech are always kept).`,
  };
}
