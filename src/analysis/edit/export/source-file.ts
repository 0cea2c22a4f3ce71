/**
 * How every export names the original file and what it writes. The exports reference the file by its name only
 * (the server keeps no video and knows no folder): an editor relinks it, the render script runs in its folder.
 */
import { videoFileName, videoStem } from '@preflight/shared';

/** "C:\\clips\\My Video.mp4" → "My Video.mp4": the name without any folder the browser may have sent (the marker files' rule). */
export function sourceBaseName(sourceFileName: string): string {
  return videoFileName(sourceFileName) || 'video';
}

/**
 * The file as a relative, percent-encoded file URL: "file:./My%20Video%20%231.mp4". Relative because no absolute
 * path is known; an editor that does not resolve it against the project file's folder shows the clip offline and
 * relinks it by this name (File › Relink Files in Final Cut Pro, Relink in Resolve and Premiere).
 */
export function sourceFileUrl(sourceFileName: string): string {
  return `file:./${encodeURIComponent(sourceBaseName(sourceFileName))}`;
}

/** The exports' own file names start with the video's: "My Video" for "My Video.mp4". */
export const sourceStem = (sourceFileName: string) => videoStem(sourceBaseName(sourceFileName));

/** An XML comment: XML forbids "--" inside one, a "-" before its end and the control characters. */
export function xmlComment(text: string): string {
  const safe = text
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry at all
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/-(?=-)/g, '- ');
  return `<!-- ${safe} -->`;
}
