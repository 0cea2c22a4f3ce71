/**
 * The consistency pass, run on every rule's findings before the report is assembled, so that no two findings
 * contradict each other or the measurements, and the same finding never fills the list several times:
 *
 * 1. Presumptions: a finding declares the facts its words take for granted (rule.ts Presumption); one whose facts the
 *    video lacks is dropped ("cut straight to your first line" on a video nobody speaks in, "raise the audio" on a
 *    silent track, "add contrast" on a flat card).
 * 2. Claims: a finding declares what it says about a stretch ("nobody speaks", "without a cut"); one whose claim the
 *    measurements contradict is dropped.
 * 3. Conflicts: declared pairs of findings that cannot both be true; the second named is dropped when its test holds.
 * 4. Repeats: several findings of one rule (three "Nothing happens" stretches) become one finding with every moment
 *    in it, so they never fill the top three.
 *
 * Rules are written to produce consistent findings in the first place; this pass is the one place that states the
 * invariants, and the guard that keeps a new rule (or a new signal) from breaking them.
 */
import type { Metrics, Segment } from '@preflight/shared';
import { C } from '../model/constants';
import type { VideoSignals } from '../model/signals';
import { mss } from '../time';
import { readText } from '../vision/reading';
import { severityRank, type Candidate, type Claim, type IssueCode, type Occurrence, type Presumption, type Transcript } from './rule';

export type VideoFacts = Record<Presumption, boolean>;

/** Which facts this video has. */
export function videoFacts(m: Metrics, signals: VideoSignals, transcript: Transcript | null): VideoFacts {
  return {
    sound: signals.audible,
    speech: m.speech_segments.length > 0,
    words: !!transcript?.segments.some((s) => s.text.trim()),
    picture_detail: !signals.visual.flat,
  };
}

const overlap = (segs: Segment[], a: number, b: number) => segs.reduce((s, g) => s + Math.max(0, Math.min(g.end_s, b) - Math.max(g.start_s, a)), 0);

/** Why the measurements contradict a claim, or null when they bear it out. */
export function claimContradiction(c: Claim, m: Metrics): string | null {
  if (c.says === 'no_speech') {
    const spoken = overlap(m.speech_segments, c.start_s, c.end_s);
    return spoken > C.CLAIM_SPEECH_TOLERANCE_S ? `says nobody speaks in ${mss(c.start_s)}-${mss(c.end_s)}, but someone speaks for ${spoken.toFixed(1)} s of it` : null;
  }
  const cut = m.cuts.find((t) => t > c.start_s + C.CLAIM_CUT_MARGIN_S && t < c.end_s - C.CLAIM_CUT_MARGIN_S);
  return cut !== undefined ? `says ${mss(c.start_s)}-${mss(c.end_s)} has no cut, but there is one at ${mss(cut)}` : null;
}

/** A declared conflict: when `when` holds for a finding of `keep` and one of `drop`, the `drop` finding goes. */
interface Conflict {
  keep: IssueCode;
  drop: IssueCode;
  why: string;
  when: (kept: Candidate, dropped: Candidate, m: Metrics) => boolean;
}

export const CONFLICTS: readonly Conflict[] = [
  {
    // The safe-zone check quotes a caption read during speech: the video has captions, whatever their share.
    keep: 'safe_zone_text',
    drop: 'no_captions',
    why: 'says there is no caption text where the safe-zone finding shows a caption read during speech',
    when: (_zone, none, m) => none.facts.shown === 0 && readText(m).captionLines.length > 0,
  },
  {
    // A black opening is the finding about the first seconds' picture; "nothing moves" over black says it twice.
    keep: 'hook_black_opening',
    drop: 'hook_frozen_opening',
    why: 'repeats the black opening as a frozen one',
    when: () => true,
  },
];

export interface Dropped {
  candidate: Candidate;
  why: string;
}

/** Steps 1-3: the findings that hold, and the ones dropped with the reason (for tests and debugging). */
export function makeConsistent(found: Candidate[], m: Metrics, facts: VideoFacts): { kept: Candidate[]; dropped: Dropped[] } {
  const dropped: Dropped[] = [];
  let kept = found.filter((c) => {
    const missing = (c.presumes ?? []).filter((p) => !facts[p]);
    if (missing.length) {
      dropped.push({ candidate: c, why: `presumes ${missing.join(', ')}, which the video does not have` });
      return false;
    }
    for (const claim of c.claims ?? []) {
      const why = claimContradiction(claim, m);
      if (why) {
        dropped.push({ candidate: c, why });
        return false;
      }
    }
    return true;
  });
  for (const rule of CONFLICTS) {
    kept = kept.filter((c) => {
      if (c.code !== rule.drop) return true;
      const other = kept.find((k) => k.code === rule.keep && rule.when(k, c, m));
      if (!other) return true;
      dropped.push({ candidate: c, why: `${rule.why} (${other.id})` });
      return false;
    });
  }
  return { kept, dropped };
}

const joinAnd = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * Step 4: findings of one rule become one finding that lists every moment. The merged finding keeps the worst
 * severity and grade, starts at the first moment and spans to the end of the last (its evidence interval), joins the
 * evidence and the model links (fixing it fixes all of them), and adds the facts the plural wording uses: `n`,
 * `times` ("0:09, 0:31 and 0:52"), `lens` ("6.5 s, 5.0 s and 4.2 s") and `total` (seconds, summed).
 */
export function mergeRepeats(found: Candidate[]): Candidate[] {
  const byCode = new Map<IssueCode, Candidate[]>();
  for (const c of found) byCode.set(c.code, [...(byCode.get(c.code) ?? []), c]);
  const out: Candidate[] = [];
  for (const group of byCode.values()) {
    if (group.length === 1) {
      out.push(group[0]);
      continue;
    }
    const parts = [...group].sort((a, b) => a.time_s - b.time_s);
    const worst = [...group].sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || b.grade - a.grade)[0];
    const occurrences: Occurrence[] = parts.map((p) => ({ time_s: p.time_s, end_s: p.end_s, evidence: p.evidence, facts: p.facts }));
    const lens = parts.map((p) => Number(p.facts.len)).filter((v) => Number.isFinite(v));
    const moments = [...new Set(parts.flatMap((p) => String(p.facts.moments ?? '').split(', ').filter(Boolean)))].slice(0, 6);
    const first = parts[0];
    const end = Math.max(...parts.map((p) => p.end_s ?? p.time_s));
    out.push({
      ...first,
      severity: worst.severity,
      grade: worst.grade,
      end_s: end > first.time_s ? end : undefined,
      evidence: `${parts.length} times: ${parts.map((p) => p.evidence).join('; ')}`,
      facts: {
        ...first.facts,
        n: parts.length,
        times: joinAnd(parts.map((p) => mss(p.time_s))),
        ...(lens.length === parts.length ? { lens: joinAnd(lens.map((v) => `${v.toFixed(1)} s`)), total: (lens.reduce((a, v) => a + v, 0)).toFixed(1) } : {}),
        ...(moments.length ? { moments: moments.join(', ') } : {}),
      },
      sources: [...new Set(parts.flatMap((p) => p.sources ?? []))],
      modifiers: [...new Set(parts.flatMap((p) => p.modifiers ?? []))],
      hook: parts.some((p) => p.hook),
      presumes: [...new Set(parts.flatMap((p) => p.presumes ?? []))],
      claims: parts.flatMap((p) => p.claims ?? []),
      occurrences,
    });
  }
  return out.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || a.time_s - b.time_s);
}
