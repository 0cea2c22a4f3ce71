/**
 * The edit as data that every export writes out: the kept pieces as whole frames of the timeline rate (source in,
 * source out exclusive, and where each lands on the edited timeline), and the markers moved to the edited timeline.
 * Each writer only formats this; the frame arithmetic and the source → edited time mapping live here once.
 *
 * The timeline rate is the one the marker exports use (timelineRateFor): the source's own rate when editors offer it,
 * as an exact fraction (30000/1001, never 29.97), otherwise the rate it is conformed to, with the reason as a warning.
 */
import { frameAt, timelineRateFor, type TimelineRate } from '@preflight/shared';
import { EditExportError } from './errors';
import type { EditTimeline } from './types';

export interface CutPiece {
  /** First source frame kept. */
  sourceIn: number;
  /** First source frame no longer kept (exclusive). */
  sourceOut: number;
  /** Where sourceIn lands on the edited timeline. */
  recordIn: number;
}

export interface PlacedMarker {
  /** Frame on the edited timeline. */
  recordIn: number;
  /** At least 1: a moment is one frame. */
  frames: number;
  name: string;
  note: string;
}

export interface CutList {
  rate: TimelineRate;
  /** The whole source in frames (what FCPXML's asset and xmeml's file are as long as). */
  sourceFrames: number;
  pieces: CutPiece[];
  /** Length of the edited timeline in frames. */
  totalFrames: number;
  markers: PlacedMarker[];
  /** Said in a comment in every file when the timeline is not at the source's own rate (variable frame rate, or conformed). */
  warning: string | null;
}

/** Kept ranges may end this much past the source's duration (the duration is rounded in probes): half a frame. */
const END_TOLERANCE_FRAMES = 0.5;

export const pieceFrames = (piece: CutPiece) => piece.sourceOut - piece.sourceIn;

/** "12.30 s": a kept range's edge as the creator set it, in the message that names it. */
const at = (seconds: number) => (Number.isFinite(seconds) ? `${seconds.toFixed(2)} s` : String(seconds));

/** The kept pieces in frames, checked, touching pieces joined into one (a cut of nothing is no cut). */
function piecesOf(timeline: EditTimeline, rate: TimelineRate, sourceFrames: number): CutPiece[] {
  if (timeline.kept.length === 0) {
    throw new EditExportError('empty_edit', 'This edit keeps nothing of the video, so there is no timeline to export.');
  }
  const fps = rate.fpsNumerator / rate.fpsDenominator;
  const pieces: CutPiece[] = [];
  timeline.kept.forEach((range, i) => {
    const label = `Kept range ${i + 1} (${at(range.startSeconds)}–${at(range.endSeconds)})`;
    if (!Number.isFinite(range.startSeconds) || !Number.isFinite(range.endSeconds)) throw new EditExportError('invalid_range', `${label} is not a time.`);
    if (range.startSeconds < 0) throw new EditExportError('invalid_range', `${label} starts before the video.`);
    if (range.endSeconds * fps > sourceFrames + END_TOLERANCE_FRAMES) throw new EditExportError('invalid_range', `${label} ends after the video (${at(timeline.sourceDurationSeconds)}).`);
    const sourceIn = frameAt(rate, range.startSeconds);
    const sourceOut = Math.min(frameAt(rate, range.endSeconds), sourceFrames);
    if (sourceOut <= sourceIn) throw new EditExportError('invalid_range', `${label} is shorter than one frame.`);
    const previous = pieces[pieces.length - 1];
    if (previous && sourceIn < previous.sourceOut) throw new EditExportError('invalid_range', `${label} overlaps or comes before the range before it.`);
    if (previous && sourceIn === previous.sourceOut) previous.sourceOut = sourceOut;
    else pieces.push({ sourceIn, sourceOut, recordIn: 0 });
  });
  let record = 0;
  for (const piece of pieces) {
    piece.recordIn = record;
    record += pieceFrames(piece);
  }
  return pieces;
}

/** The index of the last piece whose sourceIn ≤ frame, or -1 (pieces are ascending: binary search). */
function pieceAtOrBefore(pieces: readonly CutPiece[], frame: number): number {
  let low = 0;
  let high = pieces.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (pieces[mid]!.sourceIn <= frame) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Where a source frame lands on the edited timeline, or null when that frame is cut. */
export function recordFrameOf(pieces: readonly CutPiece[], sourceFrame: number): number | null {
  const piece = pieces[pieceAtOrBefore(pieces, sourceFrame)];
  return piece && sourceFrame < piece.sourceOut ? piece.recordIn + sourceFrame - piece.sourceIn : null;
}

/**
 * A marker on the edited timeline: a moment inside a removed range is dropped; a range keeps the parts of it that
 * are kept, from where its first kept frame lands to where its last one does (a range wholly removed is dropped).
 */
function placeMarker(pieces: readonly CutPiece[], rate: TimelineRate, marker: EditTimeline['markers'][number]): PlacedMarker | null {
  const start = frameAt(rate, marker.startSeconds);
  const end = Math.max(start, frameAt(rate, marker.endSeconds));
  const base = { name: marker.name, note: marker.note };
  if (end === start) {
    const record = recordFrameOf(pieces, start);
    return record === null ? null : { ...base, recordIn: record, frames: 1 };
  }
  // The first piece that ends after the marker starts, and the last that starts before it ends.
  const before = pieceAtOrBefore(pieces, start);
  const first = before >= 0 && pieces[before]!.sourceOut > start ? before : before + 1;
  const last = pieceAtOrBefore(pieces, end - 1);
  if (first > last || first >= pieces.length) return null;
  const firstPiece = pieces[first]!;
  const lastPiece = pieces[last]!;
  const recordIn = firstPiece.recordIn + Math.max(start, firstPiece.sourceIn) - firstPiece.sourceIn;
  const recordOut = lastPiece.recordIn + Math.min(end, lastPiece.sourceOut) - lastPiece.sourceIn;
  return { ...base, recordIn, frames: Math.max(1, recordOut - recordIn) };
}

export function cutListOf(timeline: EditTimeline): CutList {
  const { num, den } = timeline.frameRate;
  if (!(num > 0 && den > 0) || !Number.isFinite(num / den)) throw new EditExportError('invalid_source', `The video's frame rate (${num}/${den}) is not a rate.`);
  if (!(timeline.sourceDurationSeconds > 0)) throw new EditExportError('invalid_source', 'The video has no duration.');
  const rate = timelineRateFor(num / den, timeline.variableFrameRate);
  const sourceFrames = Math.max(1, frameAt(rate, timeline.sourceDurationSeconds));
  const pieces = piecesOf(timeline, rate, sourceFrames);
  const last = pieces[pieces.length - 1]!;
  const markers = timeline.markers
    .map((marker) => placeMarker(pieces, rate, marker))
    .filter((marker): marker is PlacedMarker => marker !== null)
    .sort((a, b) => a.recordIn - b.recordIn);
  const warning = rate.conformNote ? `This timeline is at ${rate.label} fps: ${rate.conformNote}. Cuts land on its frames; check them after relinking.` : null;
  return { rate, sourceFrames, pieces, totalFrames: last.recordIn + pieceFrames(last), markers, warning };
}
