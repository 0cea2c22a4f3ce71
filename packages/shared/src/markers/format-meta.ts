/**
 * The marker formats a creator can download (docs/product.md, Markers for editors): what each is called, its file
 * name and type. No builder is imported here, so the web app's menu does not carry the file generators.
 */
import { formatDuration } from '../rules/timestamp';
import { videoStem } from './marker-list';

export const MARKER_FORMATS = ['fcpxml', 'edl', 'premiere', 'youtube'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

export interface MarkerFormatMeta {
  /** The menu item: the editor it is for. */
  label: string;
  /** One line under it: what the file is and how it goes in. */
  hint: string;
  /** Added to the video's name: "launch-teaser" → "launch-teaser.fcpxml". */
  fileSuffix: string;
  contentType: string;
}

export const MARKER_FORMAT_META: Record<MarkerFormat, MarkerFormatMeta> = {
  fcpxml: {
    label: 'Final Cut Pro',
    hint: 'FCPXML 1.11 · File › Import › XML',
    fileSuffix: '.fcpxml',
    contentType: 'application/xml; charset=utf-8',
  },
  edl: {
    label: 'DaVinci Resolve',
    hint: 'EDL · Timeline › Import › Timeline Markers from EDL',
    fileSuffix: '-markers.edl',
    contentType: 'text/plain; charset=utf-8',
  },
  premiere: {
    label: 'Premiere Pro',
    hint: 'XML · File › Import',
    fileSuffix: '-premiere.xml',
    contentType: 'application/xml; charset=utf-8',
  },
  youtube: {
    label: 'YouTube chapters',
    hint: 'Copy for the video description',
    fileSuffix: '-youtube-chapters.txt',
    contentType: 'text/plain; charset=utf-8',
  },
};

export function isMarkerFormat(value: unknown): value is MarkerFormat {
  return typeof value === 'string' && (MARKER_FORMATS as readonly string[]).includes(value);
}

/** "launch-teaser.v2.mp4" + fcpxml → "launch-teaser.v2.fcpxml". */
export function markerFilename(originalFilename: string, format: MarkerFormat): string {
  return `${videoStem(originalFilename)}${MARKER_FORMAT_META[format].fileSuffix}`;
}

/** YouTube's rules for chapters in a description (YouTube Help, "Video chapters"). */
export const YOUTUBE_CHAPTER_RULES = { minChapters: 3, minSeconds: 10, maxTitleLength: 50 } as const;

/**
 * Why a video cannot have YouTube chapters, or null when it can: only its length decides (chapters are added between
 * the findings when they are too few), so the export menu says it before the creator asks, and the API says the same.
 */
export function youtubeChaptersUnavailable(durationSeconds: number): string | null {
  const { minChapters, minSeconds } = YOUTUBE_CHAPTER_RULES;
  const duration = Math.floor(durationSeconds);
  if (duration >= minChapters * minSeconds) return null;
  return `YouTube chapters need at least ${minChapters} chapters of ${minSeconds} seconds or more, so a ${formatDuration(duration)} video cannot have them (it needs ${formatDuration(minChapters * minSeconds)}).`;
}
