// What may be uploaded (types, size, queue limit) is shared with the web app: @preflight/shared (rules/upload.ts).

/** The longest file name we keep, in characters (most file systems' limit). */
export const MAX_FILENAME_CHARS = 255;

/**
 * Control characters (C0, DEL, C1) and the Unicode bidirectional controls (LRM, RLM, ALM, the embeddings and
 * overrides U+202A–U+202E, the isolates U+2066–U+2069): a right-to-left override makes "evil\u202Ekcod.mp4" read
 * as "evilmp4.dock" wherever the name is shown (web, shared page, PDF), so they never reach the stored name.
 */
// eslint-disable-next-line no-control-regex -- stripping control characters is the point of this pattern
const INVISIBLE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file name as the creator sent it, only made safe to keep: no control or bidirectional characters, and at most
 * MAX_FILENAME_CHARS characters with its extension kept (a long name is cut in its middle, marked "…"). Nothing is
 * escaped or dropped for HTML: every page, the shared page and the PDF escape it where they print it.
 */
export function cleanFilename(name: string | undefined | null): string {
  const visible = (name ?? '').replace(INVISIBLE_CONTROLS, '').trim();
  return visible ? boundFilename(visible) : 'video.mp4';
}

/** Cuts a name to MAX_FILENAME_CHARS code points, keeping a short extension (".mp4") at its end. */
export function boundFilename(name: string, max = MAX_FILENAME_CHARS): string {
  const chars = Array.from(name); // code points: never half of an emoji
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return `${chars.slice(0, max - 1 - extension.length).join('')}…${extension.join('')}`;
}
