/**
 * Report step: the chosen candidates in words, as the report's three issue lists — hook action items, detailed items
 * and prevention fixes — each with its frame and predicted retention boost.
 */
import type { DetailedItem, FeedbackStyle, HookActionItem, PreventionIssue } from '@preflight/shared';
import { C } from '../model/constants';
import { severityRank, type Candidate } from '../rules/candidates';
import { wordsFor, type Words } from '../rules/wording';
import { mss } from '../time';
import { nearestFrame, round2, type FrameRef } from './frame-ref';

const DETAILED_SEV = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' } as const;
const PREV_SEV = { critical: 'high', high: 'high', medium: 'medium', low: 'low' } as const;
/** A hook finding's severity among the issues: medium, as the product rules give hook items (docs/product.md). */
const HOOK_DETAILED_SEV = 'Medium' as const;

export type Wording = (c: Candidate) => Words;

/** The style's wording of a candidate, with an AI-rewritten fix when there is one for this style. */
export function wordingFor(style: FeedbackStyle, rewrites?: Record<string, { fix: string; short?: string }>): Wording {
  return (c) => {
    const w = wordsFor(c, style);
    const rw = rewrites?.[c.id];
    return rw ? { ...w, fix: rw.fix, short: rw.short ?? w.short } : w;
  };
}

/**
 * Where an issue's stretch ends and, for an issue that merges several (rules/consistency.ts mergeRepeats), every
 * moment with its end, for consumers that mark or match each (markers span them, a comparison matches on them).
 */
function moments(c: Candidate): Pick<PreventionIssue, 'moments_seconds' | 'end_seconds' | 'moment_ends_seconds'> {
  const end = c.end_s !== undefined && c.end_s > c.time_s ? { end_seconds: round2(c.end_s) } : {};
  if (!c.occurrences || c.occurrences.length < 2) return end;
  return {
    ...end,
    moments_seconds: c.occurrences.map((o) => round2(o.time_s)),
    moment_ends_seconds: c.occurrences.map((o) => round2(Math.max(o.time_s, o.end_s ?? o.time_s))),
  };
}

export interface IssueLists {
  detailed: DetailedItem[];
  actionItems: HookActionItem[];
  fixes: PreventionIssue[];
}

/**
 * `chosen` comes ranked (./fix-order.ts): the prevention fixes keep that order, most viewers lost first, each with its
 * `retention_gain_pct`; the detailed and hook items are listed by timestamp ascending (docs/product.md).
 */
export function issueLists(
  chosen: Candidate[],
  style: FeedbackStyle,
  words: Wording,
  frames: FrameRef[],
  boost: (c: Candidate) => number,
  gain: (c: Candidate) => number,
): IssueLists {
  const gentle = style === 'gentle';
  const byTime = [...chosen].sort((a, b) => a.time_s - b.time_s || severityRank(a.severity) - severityRank(b.severity));
  const hookItems = gentle ? [] : byTime.filter((c) => c.category === 'hook');
  const detailedC = gentle ? byTime : byTime.filter((c) => c.category !== 'hook');
  const detailed: DetailedItem[] = detailedC.map((c) => {
    const w = words(c);
    const frame = nearestFrame(frames, c.time_s);
    return {
      id: c.id,
      title: w.title,
      problem_description: w.description,
      actionable_recommendation_short: w.short,
      // Gentle lists a hook finding here rather than among the hook items; its severity stays the hook items' own.
      severity: c.category === 'hook' ? HOOK_DETAILED_SEV : DETAILED_SEV[c.severity],
      category: c.category,
      timestamp_start: mss(c.time_s),
      timestamp_seconds: round2(c.time_s),
      ...(frame ? { frame_image_path: frame } : {}),
      potential_retention_boost: boost(c),
      evidence: c.evidence,
    };
  });
  const actionItems: HookActionItem[] = hookItems.map((c) => {
    const w = words(c);
    const frame = nearestFrame(frames, c.time_s);
    return {
      id: c.id,
      problem: `${w.title}: ${w.description}`,
      quick_suggestion: w.fix,
      timestamp: mss(c.time_s),
      timestamp_seconds: round2(c.time_s),
      evidence: c.evidence,
      severity: DETAILED_SEV[c.severity],
      potential_retention_boost: boost(c),
      ...(frame ? { frame_image_path: frame } : {}),
    };
  });
  // Prevention issues (Critical/High -> high 90, Medium -> medium 70, else 50; a hook finding 75, medium, in every style:
  // the style changes words, never a severity), in the ranking's order.
  const fixes: PreventionIssue[] = chosen.map((c) => {
    const w = words(c);
    const hook = c.category === 'hook';
    const sev = hook ? ('medium' as const) : PREV_SEV[c.severity];
    return {
      id: c.id, title: w.title, description: w.description, fix: w.fix, severity: sev, category: c.category,
      timestamp: mss(c.time_s), impactScore: hook ? C.IMPACT.hook : C.IMPACT[sev], evidence: c.evidence, timestamp_seconds: round2(c.time_s),
      retention_gain_pct: gain(c), ...moments(c),
    };
  });
  return { detailed, actionItems, fixes };
}
