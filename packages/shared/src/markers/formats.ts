/** One entry point for the API: the marker file of a report in one format (docs/product.md, Markers for editors). */
import type { Report } from '../report/schema';
import { buildFcpxml } from './fcpxml';
import { MARKER_FORMAT_META, markerFilename, type MarkerFormat } from './format-meta';
import { buildPremiereXml } from './premiere-xml';
import { buildResolveEdl } from './resolve-edl';
import { buildYoutubeChapters } from './youtube-chapters';

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
