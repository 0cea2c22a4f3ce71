/**
 * The marker formats a creator can download (docs/product.md, Markers for editors): what each is called, its file
 * name and type. The API builds the files (buildMarkerFile); the web app lists the formats from here.
 */
import type { Report } from '../report/schema';
import { buildFcpxml } from './fcpxml';
import { videoStem } from './marker-list';
import { buildPremiereXml } from './premiere-xml';
import { buildResolveEdl } from './resolve-edl';
import { buildYoutubeChapters } from './youtube-chapters';

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

export type MarkerFile = { ok: true; body: string; filename: string; contentType: string } | { ok: false; reason: string };

/** The file for one format, or (YouTube chapters only) why the report cannot make a valid one. */
export function buildMarkerFile(report: Report, format: MarkerFormat): MarkerFile {
  const meta = MARKER_FORMAT_META[format];
  const file = (body: string): MarkerFile => ({ ok: true, body, filename: markerFilename(report.video_info.original_filename, format), contentType: meta.contentType });
  switch (format) {
    case 'fcpxml':
      return file(buildFcpxml(report));
    case 'edl':
      return file(buildResolveEdl(report));
    case 'premiere':
      return file(buildPremiereXml(report));
    case 'youtube': {
      const chapters = buildYoutubeChapters(report);
      return chapters.ok ? file(chapters.text) : { ok: false, reason: chapters.reason };
    }
  }
}
