// What may be uploaded (types, size, queue limit) is shared with the web app: @preflight/shared (rules/upload.ts).

/** A display-safe file name: no path parts or control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point of this pattern
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'video.mp4').slice(0, 255);
}
