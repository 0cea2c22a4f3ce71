/**
 * Judging an analysis by its findings (issue 40): which findings a video must give, which it must never give, and
 * which must stay out of the top three. Used by `npm run eval:real` (expectations per dev clip in
 * ./real-findings-expectations.json) and `npm run eval:generated` (expectations per case in ./generated-suite.ts),
 * and by the CI floors in test/analysis/generated-suite.test.ts.
 *
 * The findings are recomputed from the report's own metrics with the report's platform (the assessment is a pure
 * function of them), so every candidate is seen, not only what one feedback style lists.
 */
import type { Metrics, PlatformChoice, Report } from '@preflight/shared';
import { assess, selectCandidates } from '../../src/analysis/derive';
import type { Candidate, IssueCode } from '../../src/analysis/rules/candidates';

/**
 * A finding as the expectations name it: its code, except a slow start that speaks of first words, which is
 * `hook_slow_start:words` (a wordless video may fairly get the picture-only slow start, never the words one).
 */
export type FindingTag = IssueCode | 'hook_slow_start:words';

export interface FindingExpectation {
  /** Each must be given (any one of a `a|b` alternative). */
  must?: string[];
  /** None may be given. */
  mustNot?: FindingTag[];
  /** Allowed, but never in the top three (true but minor). */
  notTop?: FindingTag[];
}

export interface FindingsEval {
  /** Every finding's tag, in report order (severity, then predicted boost). */
  tags: FindingTag[];
  top3: FindingTag[];
  missing: string[];
  unexpected: FindingTag[];
  /** notTop findings that made the top three. */
  topFiller: FindingTag[];
  ok: boolean;
}

export function tagOf(c: Pick<Candidate, 'code' | 'facts'>): FindingTag {
  return c.code === 'hook_slow_start' && c.facts.first !== 'never' ? 'hook_slow_start:words' : c.code;
}

/** Findings about spoken words: none may fire where nobody speaks (singing and digital silence included). */
export const SPEECH_TAGS: FindingTag[] = ['hook_slow_start:words', 'hook_opening_line', 'long_tail', 'no_captions', 'filler_words', 'missing_cta'];
/** Findings about the level of a sound: none may fire on a video with nothing to hear. */
export const GAIN_TAGS: FindingTag[] = ['loudness_quiet', 'loudness_loud', 'clipping', 'low_energy', 'dead_air'];

/** The assessment's findings for a report, ranked as the report ranks them. */
export function reportFindings(metrics: Metrics, platform: PlatformChoice): { all: Candidate[]; ranked: Candidate[] } {
  const a = assess(metrics, platform, null);
  return { all: a.candidates, ranked: selectCandidates(a.candidates, 'brutal', a.boost) };
}

export function evaluateFindings(exp: FindingExpectation, metrics: Metrics, platform: PlatformChoice): FindingsEval {
  const { ranked } = reportFindings(metrics, platform);
  const tags = ranked.map(tagOf);
  const top3 = tags.slice(0, 3);
  const missing = (exp.must ?? []).filter((m) => !m.split('|').some((alt) => tags.includes(alt as FindingTag)));
  const unexpected = [...new Set(tags.filter((t) => (exp.mustNot ?? []).includes(t)))];
  const topFiller = [...new Set(top3.filter((t) => (exp.notTop ?? []).includes(t)))];
  return { tags, top3, missing, unexpected, topFiller, ok: !missing.length && !unexpected.length && !topFiller.length };
}

/** Merges expectations (a case's own over the defaults its truth implies); an explicit must wins over a default mustNot. */
export function mergeExpectations(...xs: Array<FindingExpectation | undefined>): FindingExpectation {
  const must = [...new Set(xs.flatMap((x) => x?.must ?? []))];
  const musts = new Set(must.flatMap((m) => m.split('|')));
  return {
    must,
    mustNot: [...new Set(xs.flatMap((x) => x?.mustNot ?? []))].filter((t) => !musts.has(t)),
    notTop: [...new Set(xs.flatMap((x) => x?.notTop ?? []))],
  };
}

/** One line for a table: "ok" or what is wrong. */
export function findingsVerdict(e: FindingsEval): string {
  const parts = [
    ...e.missing.map((m) => `missing ${m}`),
    ...e.unexpected.map((u) => `wrong ${u}`),
    ...e.topFiller.map((u) => `top-3 filler ${u}`),
  ];
  return parts.length ? parts.join(', ') : 'ok';
}

export type { Report };
