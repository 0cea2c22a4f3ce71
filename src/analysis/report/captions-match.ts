/**
 * Captions against the spoken words: the caption lines read on the frames (vision/reading.ts) compared with what the
 * transcript says around the same moment. Burned-in captions that say something else (an old take's captions left on
 * a re-cut, auto-captions never corrected) mislead the sound-off viewers they are for.
 */
import type { Metrics, WordCheck } from '@preflight/shared';
import type { Transcript } from '../rules/rule';
import { mss } from '../time';
import { readText } from '../vision/reading';

/** Spoken words this close (s) to the frame count: captions run a little ahead of or behind the voice. */
const NEAR_S = 3;
/** Share of the caption words read that must be among the words spoken nearby. */
const MIN_MATCH = 0.6;
/** Fewer caption words than this read in all is too little to judge. */
const MIN_WORDS = 4;

const tokens = (text: string) => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/** Equal, or one edit apart for words of four letters or more (OCR confuses, drops or adds a letter now and then). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 4 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The words spoken within NEAR_S of `t`: timed words when the service gave them, else the overlapping segments. */
function spokenNear(transcript: Transcript, t: number): string[] {
  const near = (s: { start_s: number; end_s: number }) => s.end_s >= t - NEAR_S && s.start_s <= t + NEAR_S;
  if (transcript.words?.length) return transcript.words.filter(near).flatMap((w) => tokens(w.word));
  return transcript.segments.filter(near).flatMap((s) => tokens(s.text));
}

/** The caption words read that match the words spoken near them; pass from MIN_MATCH, else a note naming a line. */
export function captionsMatchCheck(m: Metrics, transcript: Transcript | null): WordCheck {
  const id = 'captions_match';
  if (!transcript) return { id, status: 'not_run', evidence: 'Not run: no transcript to compare with.' };
  if (!m.vision_frames_s) return { id, status: 'not_run', evidence: 'Not run: on-screen text was not read for this report; analyse the video again to compare captions with the words.' };
  // Only lines read clearly enough to quote: a garbled read would "not match" words that the captions do show.
  const lines = readText(m).captionLines.filter((l) => l.quotable);
  if (!lines.length) return { id, status: 'not_run', evidence: 'Not run: no burned-in captions were found on the frames read, so there is nothing to compare.' };
  let total = 0;
  let matched = 0;
  let worst: { text: string; time_s: number; share: number } | null = null;
  for (const line of lines) {
    const words = tokens(line.text);
    if (!words.length) continue;
    const spoken = spokenNear(transcript, line.time_s);
    const hits = words.filter((w) => spoken.some((s) => sameWord(w, s))).length;
    total += words.length;
    matched += hits;
    const share = hits / words.length;
    if (!worst || share < worst.share) worst = { text: line.text, time_s: line.time_s, share };
  }
  if (total < MIN_WORDS) return { id, status: 'not_run', evidence: `Not run: only ${total} caption words could be read, too few to compare.` };
  const summary = `${matched} of ${total} caption words read on ${lines.length} caption lines match words spoken within ${NEAR_S} s`;
  if (matched / total >= MIN_MATCH) return { id, status: 'pass', evidence: summary };
  return { id, status: 'warn', evidence: `${summary}; e.g. "${worst!.text}" at ${mss(worst!.time_s)} is not what is said then. Check that the captions follow this cut's words.` };
}
