/**
 * Measures of the spoken words from the transcript's word timestamps when the service gives them (else its segment
 * timestamps): words per minute of speech, filler words
 * (filled pauses) per minute and per 100 words, and where the speaking rate changes sharply. Counts only what the
 * transcription returns: a service that leaves out "um" and "uh" makes the filler count a lower bound.
 */
import { C } from '../model/constants';
import type { Transcript } from './rule';

export interface RateChange {
  /** Start of the faster or slower stretch (s). */
  time_s: number;
  from_wpm: number;
  to_wpm: number;
}

export interface SpeechPace {
  words: number;
  /** Seconds of speaking: inside runs of timed words (pauses under 0.5 s included), else inside the segments. */
  speaking_s: number;
  words_per_minute: number;
  fillers: number;
  /** The filler words found, most frequent first, e.g. ["um", "uh"]. */
  filler_words: string[];
  fillers_per_minute: number;
  fillers_per_100_words: number;
  rate_changes: RateChange[];
  /** Start of the first segment with a filler word (s), null when none. */
  first_filler_s: number | null;
}

/** Filled pauses only: "like", "so" and "you know" are often real words and are not counted. */
const FILLER = /^(u+m+|u+h+|e+r+m*|a+h+|h+m+|m+h*m+)$/;

const round1 = (v: number) => Math.round(v * 10) / 10;

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, ''))
    .filter(Boolean);
}

/** Consecutive segments grouped into stretches of at least RATE_WINDOW_S of speech, each with its rate. */
function rateWindows(segments: Transcript['segments']): Array<{ start_s: number; wpm: number }> {
  const out: Array<{ start_s: number; wpm: number }> = [];
  let start = 0;
  let words = 0;
  let seconds = 0;
  for (const s of segments) {
    if (seconds === 0) start = s.start_s;
    words += tokens(s.text).length;
    seconds += Math.max(0, s.end_s - s.start_s);
    if (seconds >= C.RATE_WINDOW_S) {
      out.push({ start_s: start, wpm: (words / seconds) * 60 });
      words = 0;
      seconds = 0;
    }
  }
  return out;
}

/**
 * A pause between words shorter than this is part of speaking (breath, emphasis); a longer one is a pause and is not
 * speaking time. Conversational pauses start around a quarter to half a second.
 */
const WORD_PAUSE_S = 0.5;

/** Words joined into runs of continuous speech (pauses under WORD_PAUSE_S inside), shaped like segments. */
function speakingRuns(words: NonNullable<Transcript['words']>): Transcript['segments'] {
  const runs: Transcript['segments'] = [];
  for (const w of words) {
    const last = runs[runs.length - 1];
    if (last && w.start_s - last.end_s < WORD_PAUSE_S) {
      last.end_s = Math.max(last.end_s, w.end_s);
      last.text += ` ${w.word}`;
    } else runs.push({ start_s: w.start_s, end_s: w.end_s, text: w.word });
  }
  return runs;
}

export function speechPace(t: Transcript): SpeechPace | null {
  const timed = t.words?.length ? speakingRuns(t.words) : t.segments;
  const segments = timed.filter((s) => s.end_s > s.start_s && s.text.trim());
  const all = segments.flatMap((s) => tokens(s.text));
  const speaking = segments.reduce((a, s) => a + (s.end_s - s.start_s), 0);
  if (!all.length || speaking <= 0) return null;
  const fillers = all.filter((w) => FILLER.test(w));
  const counts = new Map<string, number>();
  for (const w of fillers) counts.set(w, (counts.get(w) ?? 0) + 1);
  // The filler's own time when words are timed, else the start of its segment.
  const firstFiller = t.words?.length
    ? t.words.find((w) => tokens(w.word).some((x) => FILLER.test(x)))
    : segments.find((s) => tokens(s.text).some((w) => FILLER.test(w)));
  const windows = rateWindows(segments);
  const rate_changes: RateChange[] = [];
  for (let i = 1; i < windows.length; i++) {
    const [a, b] = [windows[i - 1].wpm, windows[i].wpm];
    if (Math.max(a, b) >= C.RATE_CHANGE_RATIO * Math.min(a, b)) rate_changes.push({ time_s: windows[i].start_s, from_wpm: Math.round(a), to_wpm: Math.round(b) });
  }
  return {
    words: all.length,
    speaking_s: round1(speaking),
    words_per_minute: Math.round((all.length / speaking) * 60),
    fillers: fillers.length,
    filler_words: [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([w]) => w),
    fillers_per_minute: round1((fillers.length / speaking) * 60),
    fillers_per_100_words: round1((fillers.length / all.length) * 100),
    rate_changes,
    first_filler_s: firstFiller ? firstFiller.start_s : null,
  };
}
