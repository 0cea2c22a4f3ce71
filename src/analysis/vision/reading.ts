/**
 * What the text and faces read on the sampled frames mean (pure, from metrics, so a stored report re-derives for
 * another platform without reading again): which boxes sit under a platform's interface, and which text is captions.
 */
import type { Box, Metrics } from '@preflight/shared';
import { C, type SafeZone } from '../model/constants';

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
 * centre, named by the band it overlaps most; null when the box is (mostly) safe.
 */
export function coveredSide(box: Box, zone: SafeZone): ZoneSide | null {
  const safe: Box = { x: zone.left, y: zone.top, w: 1 - zone.left - zone.right, h: 1 - zone.top - zone.bottom };
  const a = area(box);
  if (a <= 0 || 1 - intersection(box, safe) / a < C.SAFE_ZONE_MIN_OVERLAP) return null;
  let best: { side: ZoneSide; overlap: number } | null = null;
  for (const band of zoneBands(zone)) {
    const overlap = intersection(box, band.box);
    if (!best || overlap > best.overlap) best = { side: band.side, overlap };
  }
  return best?.side ?? null;
}

export interface Covered<T> {
  item: T;
  side: ZoneSide;
}

/** Text lines and faces under the interface, in time order. */
export function coveredItems(m: Metrics, zone: SafeZone): { text: Covered<TextLine>[]; faces: Covered<Face>[] } {
  const cover = <T extends { box: Box; time_s: number }>(items: T[] | undefined): Covered<T>[] =>
    (items ?? [])
      .map((item) => ({ item, side: coveredSide(item.box, zone) }))
      .filter((c): c is Covered<T> => c.side !== null)
      .sort((a, b) => a.item.time_s - b.item.time_s);
  return { text: cover(m.on_screen_text), faces: cover(m.faces) };
}

const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const speaking = (m: Metrics, t: number) => m.speech_segments.some((s) => t >= s.start_s - 0.25 && t <= s.end_s + 0.25);

export interface CaptionReading {
  /** Frames read while someone speaks. */
  speechFrames: number[];
  /** Those of them that show caption text. */
  captionFrames: number[];
  /** The caption lines (text with letters, not a fixed overlay, on a frame read during speech). */
  lines: TextLine[];
  /** Text shown on most frames (a name, a watermark): not captions. */
  overlays: string[];
}

/**
 * Captions are words on screen while someone speaks: lines with letters (a running timecode or a price is not a
 * caption) that are not a fixed overlay (the same text on most frames read).
 */
export function readCaptions(m: Metrics): CaptionReading {
  const frames = m.vision_frames_s ?? [];
  const text = m.on_screen_text ?? [];
  const framesWith = new Map<string, Set<number>>();
  for (const l of text) {
    const key = normal(l.text);
    if (!framesWith.has(key)) framesWith.set(key, new Set());
    framesWith.get(key)!.add(l.time_s);
  }
  const overlays = [...framesWith.entries()]
    .filter(([, at]) => at.size >= 3 && at.size >= C.OVERLAY_MIN_SHARE * frames.length)
    .map(([key]) => key);
  const speechFrames = frames.filter((t) => speaking(m, t));
  const lines = text.filter((l) => letters(l.text) >= 3 && !overlays.includes(normal(l.text)) && speaking(m, l.time_s));
  const captionFrames = speechFrames.filter((t) => lines.some((l) => l.time_s === t));
  return { speechFrames, captionFrames, lines, overlays };
}
