/**
 * Which findings a creator can fix in the edit, with the footage they have (trim, cut, level, grade, reframe, add text
 * or captions), and which need something new: a new take or a new recording. The score a video would get "with the
 * fixes below" (`score_if_fixed`) assumes the first kind fixed; a video whose findings are all of the first kind is
 * told so in words, never "start over".
 */
import type { IssueCode } from '../rules/candidates';

/** Findings whose fix needs new footage or a new recording: everything else is fixable in the edit. */
const NEEDS_NEW_FOOTAGE: ReadonlySet<IssueCode> = new Set<IssueCode>([
  // A better first line has to be said again.
  'hook_opening_line',
  // Delivery: energy is performed, not edited in.
  'low_energy',
  // No sound, or a silent track: a voice-over has to be recorded.
  'no_audio',
  'silent_audio',
]);

export function fixableInTheEdit(c: { code: IssueCode }): boolean {
  return !NEEDS_NEW_FOOTAGE.has(c.code);
}
