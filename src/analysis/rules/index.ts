/**
 * The rules, in the order they run (a later rule sees what the earlier ones found: the still-picture rules defer to
 * dead segments and still openings, lulls to still-picture findings, single takes to all of them). A new rule is one
 * small file (see ./rule.ts) added to this list.
 */
import { audioDropout } from './audio-dropout';
import { blackGaps } from './black-gaps';
import { captions } from './captions';
import { clipping } from './clipping';
import { deadAir } from './dead-air';
import { fillerWords } from './filler-words';
import { hookBlackOpening } from './hook-black-opening';
import { hookFrozenOpening } from './hook-frozen-opening';
import { hookOpeningLine } from './hook-opening-line';
import { hookSlowStart } from './hook-slow-start';
import { longTail } from './long-tail';
import { loudness } from './loudness';
import { lowEnergy } from './low-energy';
import { lowPictureRate } from './low-picture-rate';
import { missingCta } from './missing-cta';
import { noSound } from './no-sound';
import { pacingLull } from './pacing-lull';
import { picture } from './picture';
import { platformFit } from './platform-fit';
import { safeZone } from './safe-zone';
import { severityRank, type Candidate, type Rule, type RuleContext } from './rule';
import { singleTake } from './single-take-rule';
import { staticStretch } from './static-stretch';

export const RULES: readonly Rule[] = [
  hookBlackOpening,
  hookFrozenOpening,
  hookSlowStart,
  hookOpeningLine,
  deadAir,
  staticStretch,
  pacingLull,
  singleTake,
  lowEnergy,
  noSound,
  loudness,
  clipping,
  picture,
  platformFit,
  safeZone,
  captions,
  longTail,
  audioDropout,
  blackGaps,
  lowPictureRate,
  missingCta,
  fillerWords,
];

/** Runs the rules over one context; candidates sorted by severity, then time. */
export function runRules(ctx: RuleContext, rules: readonly Rule[] = RULES): Candidate[] {
  let found: Candidate[] = [];
  for (const rule of rules) {
    const r = rule.run(ctx, found);
    const { add, replaces } = Array.isArray(r) ? { add: r, replaces: undefined } : r;
    if (replaces) found = found.filter((c) => !replaces(c));
    for (const f of add) found.push({ ...f, id: `${f.code.replace(/_/g, '-')}-${Math.round(f.time_s * 10)}` });
  }
  // Issue timestamps must point at a real frame.
  for (const c of found) c.time_s = Math.max(0, Math.min(c.time_s, Math.max(0, ctx.D - 0.05)));
  return found.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || a.time_s - b.time_s);
}
