/**
 * What the text and faces read on the sampled frames mean (pure, from metrics, so a stored report re-derives for
 * another platform without reading again). ONE reading of the on-screen text (readText) feeds every rule and check
 * that looks at text — the safe zones, the captions, the captions-against-words check — so no two of them can
 * disagree about what is on screen: which lines count as text at all, which of them may be quoted, which are
 * captions, which are a fixed overlay (a handle, a watermark, a title) and which are numbers (a timecode, a price).
 */
import type { Box, Metrics } from '@preflight/shared';
import { C, type SafeZone } from '../model/constants';
import { isPlausibleText, readsAsWords } from './plausible';

export type ZoneSide = 'top' | 'bottom' | 'left' | 'right';
type TextLine = NonNullable<Metrics['on_screen_text']>[number];
type Face = NonNullable<Metrics['faces']>[number];

const area = (b: Box) => Math.max(0, b.w) * Math.max(0, b.h);

function intersection(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The covered bands of a zone, as boxes on the frame (sides of zero width left out). */
export function zoneBands(zone: SafeZone): Array<{ side: ZoneSide; box: Box }> {
  const bands: Array<{ side: ZoneSide; box: Box }> = [
    { side: 'top', box: { x: 0, y: 0, w: 1, h: zone.top } },
    { side: 'bottom', box: { x: 0, y: 1 - zone.bottom, w: 1, h: zone.bottom } },
    { side: 'left', box: { x: 0, y: 0, w: zone.left, h: 1 } },
    { side: 'right', box: { x: 1 - zone.right, y: 0, w: zone.right, h: 1 } },
  ];
  return bands.filter((b) => area(b.box) > 0);
}

/**
 * The side of the interface that covers a box: at least SAFE_ZONE_MIN_OVERLAP of the box lies outside the safe
 * centre, named by the band it overlaps most; null when the box is (mostly) safe. A box is clamped to the frame first
 * (a line read against the very edge can stick out by a pixel of rounding).
 */
export function coveredSide(box: Box, zone: SafeZone): ZoneSide | null {
  const b = clampBox(box);
  const safe: Box = { x: zone.left, y: zone.top, w: 1 - zone.left - zone.right, h: 1 - zone.top - zone.bottom };
  const a = area(b);
  if (a <= 0 || 1 - intersection(b, safe) / a < C.SAFE_ZONE_MIN_OVERLAP) return null;
  let best: { side: ZoneSide; overlap: number } | null = null;
  for (const band of zoneBands(zone)) {
    const overlap = intersection(b, band.box);
    if (!best || overlap > best.overlap) best = { side: band.side, overlap };
  }
  return best?.side ?? null;
}

function clampBox(b: Box): Box {
  const x = Math.min(1, Math.max(0, b.x));
  const y = Math.min(1, Math.max(0, b.y));
  return { x, y, w: Math.max(0, Math.min(1, b.x + b.w) - x), h: Math.max(0, Math.min(1, b.y + b.h) - y) };
}

export interface Covered<T> {
  item: T;
  side: ZoneSide;
}

// ---------------------------------------------------------------------------------------------- the one reading

export type TextRole =
  /** Words that change on screen while someone speaks. */
  | 'caption'
  /** The same text on most frames read: a handle, a watermark, a title card. */
  | 'overlay'
  /** Fewer than three letters: a running timecode, a price, a score. */
  | 'numbers';

export interface ReadLine extends TextLine {
  role: TextRole;
  /** Read well enough to quote to the creator (see quotable()); otherwise it is "text in the frame". */
  quotable: boolean;
  /** On a frame read while someone speaks. */
  duringSpeech: boolean;
}

export interface TextReading {
  /** Times of the frames read (empty when text was not read). */
  frames: number[];
  /** Every line that counts as text on screen, in time order. */
  lines: ReadLine[];
  /** Frames read while someone speaks. */
  speechFrames: number[];
  /** Those of them that show a caption line. */
  captionFrames: number[];
  /** The caption lines (role `caption`, during speech). */
  captionLines: ReadLine[];
  /** Lines on frames read during speech that are not captions (a title, a handle, a timecode). */
  otherSpeechLines: ReadLine[];
}

const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const digits = (text: string) => (text.match(/\p{N}/gu) ?? []).join('');
const speaking = (m: Metrics, t: number) => m.speech_segments.some((s) => t >= s.start_s - 0.25 && t <= s.end_s + 0.25);
const height = (l: TextLine) => l.box.h;

/** Levenshtein distance, for OCR reads of one text that differ by a letter or two. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * Two reads of the same text on screen: the same place (boxes overlapping by half the smaller one), the same digits
 * when both have some (a counter or a changing caption "PART 1"/"PART 2" is not one text; "1Y" against "MY" is OCR
 * taking a letter for a digit), and letters at most OCR_SAME_TEXT_EDITS edits
 * apart in a fifth of their length, or one read holding the other whole (small text is often read in part: "thing"
 * of "@maya.makes.things"; at least OCR_PART_MIN_LETTERS letters, so a short word does not match everything).
 */
function sameText(a: TextLine, b: TextLine): boolean {
  if (intersection(a.box, b.box) < 0.5 * Math.min(area(a.box), area(b.box))) return false;
  const x = normal(a.text);
  const y = normal(b.text);
  if (x === y) return true;
  if (digits(x) && digits(y) && digits(x) !== digits(y)) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (letters(short) >= C.OCR_PART_MIN_LETTERS && long.includes(short)) return true;
  const d = editDistance(x, y);
  return d <= C.OCR_SAME_TEXT_EDITS && d <= 0.2 * Math.max(x.length, y.length);
}

/** A read that a longer read of the same place holds whole ("thing" of "kes. thing"): a part, never quoted as the text. */
function isFragment(line: TextLine, all: TextLine[]): boolean {
  const x = normal(line.text);
  return all.some((o) => o !== line && normal(o.text).length > x.length && normal(o.text).includes(x) && sameText(line, o));
}

/** Frames (other than the line's own) showing the same text in the same place. */
function framesWithSame(line: TextLine, all: TextLine[]): Set<number> {
  const at = new Set<number>();
  for (const o of all) if (o.time_s !== line.time_s && sameText(line, o)) at.add(o.time_s);
  return at;
}

/**
 * Whether a stored line counts as text on screen. A line read with confidence, tall enough to read on a phone,
 * counts (as it always has). A smaller or less confident line — a handle in the top few percent of a vertical
 * frame, read at 40-60 on a 480 px thumbnail — counts when it reads as written text AND the same text is read in the
 * same place on other frames: texture misread as text neither repeats nor spells words.
 */
function countsAsText(line: TextLine, all: TextLine[]): boolean {
  if (line.confidence >= C.TEXT_MIN_CONFIDENCE && height(line) >= C.TEXT_MIN_HEIGHT) return true;
  if (height(line) < C.TEXT_SMALL_MIN_HEIGHT || !isPlausibleText(line.text)) return false;
  return framesWithSame(line, all).size >= C.TEXT_REPEAT_MIN_FRAMES - 1;
}

/**
 * A line may be quoted when every word was read with confidence and the line reads clearly as words (vision/
 * plausible.ts readsAsWords), or when such a line was read in the same place on several frames (a repeated read
 * confirms itself). A part of a longer read of the same place is never quoted. Old reports have no word confidences:
 * their line confidence stands in.
 */
function quotable(line: TextLine, all: TextLine[]): boolean {
  if (!readsAsWords(line.text) || isFragment(line, all)) return false;
  const words = line.min_word_confidence ?? line.confidence;
  if (line.confidence >= C.TEXT_MIN_CONFIDENCE && words >= C.TEXT_QUOTE_MIN_WORD_CONFIDENCE) return true;
  return framesWithSame(line, all).size >= C.TEXT_REPEAT_MIN_FRAMES - 1;
}

const cache = new WeakMap<Metrics, TextReading>();

/**
 * The reading of the on-screen text of these metrics (computed once per metrics object). A line is `numbers` when it
 * has fewer than three letters, an `overlay` when the same text is on at least OVERLAY_MIN_SHARE of the frames read
 * (and 3 of them), otherwise a `caption` when read while someone speaks.
 */
export function readText(m: Metrics): TextReading {
  const hit = cache.get(m);
  if (hit) return hit;
  const frames = m.vision_frames_s ?? [];
  const stored = m.on_screen_text ?? [];
  const text = stored.filter((l) => countsAsText(l, stored));
  const lines: ReadLine[] = text
    .map((l): ReadLine => {
      const on = framesWithSame(l, text).size + 1;
      const role: TextRole = letters(l.text) < 3 ? 'numbers' : on >= 3 && on >= C.OVERLAY_MIN_SHARE * frames.length ? 'overlay' : 'caption';
      return { ...l, role, quotable: quotable(l, stored), duringSpeech: speaking(m, l.time_s) };
    })
    .sort((a, b) => a.time_s - b.time_s);
  const speechFrames = frames.filter((t) => speaking(m, t));
  const captionLines = lines.filter((l) => l.role === 'caption' && l.duringSpeech);
  const captionFrames = speechFrames.filter((t) => captionLines.some((l) => l.time_s === t));
  const otherSpeechLines = lines.filter((l) => l.role !== 'caption' && l.duringSpeech);
  const reading = { frames, lines, speechFrames, captionFrames, captionLines, otherSpeechLines };
  cache.set(m, reading);
  return reading;
}

/** Text lines and faces under the interface, in time order (text as the one reading counts it). */
export function coveredItems(m: Metrics, zone: SafeZone): { text: Covered<ReadLine>[]; faces: Covered<Face>[] } {
  const cover = <T extends { box: Box; time_s: number }>(items: T[] | undefined): Covered<T>[] =>
    (items ?? [])
      .map((item) => ({ item, side: coveredSide(item.box, zone) }))
      .filter((c): c is Covered<T> => c.side !== null)
      .sort((a, b) => a.item.time_s - b.item.time_s);
  return { text: cover(readText(m).lines), faces: cover(m.faces) };
}

/** Quoted OCR text, kept short. */
export const quote = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/**
 * How a finding names a line: its words in quotes when it may be quoted, else "the text at m:ss" — never a garbled
 * read.
 */
export function nameOf(line: ReadLine | undefined, at: string): string {
  return line?.quotable ? `"${quote(line.text)}"` : `the text at ${at}`;
}

/**
 * The line that best names what was read: a quotable one first, then the reading most frames agree on (OCR garbles
 * a letter on some frames: "MY EDLFING SECRETS" once, "MY EDITING SECRETS" nine times), then the most confident.
 */
export function bestLine<T extends ReadLine>(lines: T[]): T | undefined {
  const agree = new Map<string, number>();
  for (const l of lines) agree.set(normal(l.text), (agree.get(normal(l.text)) ?? 0) + 1);
  const votes = (l: T) => agree.get(normal(l.text)) ?? 0;
  return lines.reduce<T | undefined>((best, l) => {
    if (!best) return l;
    if (l.quotable !== best.quotable) return l.quotable ? l : best;
    if (votes(l) !== votes(best)) return votes(l) > votes(best) ? l : best;
    return l.confidence > best.confidence ? l : best;
  }, undefined);
}
