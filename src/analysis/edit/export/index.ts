/**
 * The proposed edit, exported for the software the creator edits in (issue 42, "Into the editor"): each format is a
 * timeline of the kept pieces of the original file (referenced by its name, relinked in the editor), audio with
 * video, the findings as markers on the edited times, at the source's frame rate (NTSC rates as exact fractions).
 * Pure builders: the route (GET /api/reports/{id}/edit/export?format=…) turns an EditExportError into a 400.
 *
 *   const { body, contentType, fileName } = buildEditExport('fcpxml', timeline);
 */
import { cutListOf } from './cut-list';
import { buildEditEdl } from './edl';
import { buildEditFcpxml } from './fcpxml';
import { buildMlt } from './mlt';
import { buildEditXmeml } from './xmeml';
import { buildBatchScript, buildShellScript } from './render-script';
import { sourceStem } from './source-file';
import type { EditExportFile, EditExportFormat, EditExportOptions, EditTimeline } from './types';

export type { EditExportFile, EditExportFormat, EditExportOptions, EditTimeline } from './types';
export { EditExportError, type EditExportErrorCode } from './errors';
export { tightenedFileName } from './render-script';

export const EDIT_EXPORT_FORMATS = ['mlt', 'fcpxml', 'xmeml', 'edl', 'ffmpeg', 'ffmpeg-bat'] as const satisfies readonly EditExportFormat[];

export interface EditExportFormatMeta {
  /** The menu item: the software it is for. */
  label: string;
  /** One line under it: what the file is and how it goes in. */
  hint: string;
  /** Added to the video's name: "launch-teaser" → "launch-teaser-edit.fcpxml". */
  fileSuffix: string;
  contentType: string;
}

const XML = 'application/xml; charset=utf-8';

export const EDIT_EXPORT_FORMAT_META: Record<EditExportFormat, EditExportFormatMeta> = {
  mlt: { label: 'Shotcut / Kdenlive', hint: 'MLT XML · save beside the video, then File › Open', fileSuffix: '-edit.mlt', contentType: XML },
  fcpxml: { label: 'Final Cut Pro / DaVinci Resolve', hint: 'FCPXML 1.10 · File › Import › XML', fileSuffix: '-edit.fcpxml', contentType: XML },
  xmeml: { label: 'Premiere Pro', hint: 'Final Cut 7 XML · File › Import', fileSuffix: '-edit-premiere.xml', contentType: XML },
  edl: { label: 'EDL (Resolve, Avid)', hint: 'CMX 3600 · File › Import › Timeline', fileSuffix: '-edit.edl', contentType: 'text/plain; charset=utf-8' },
  ffmpeg: { label: 'Render script (macOS, Linux)', hint: 'sh script · run it in the folder of the video', fileSuffix: '-tighten.sh', contentType: 'text/x-shellscript; charset=utf-8' },
  'ffmpeg-bat': { label: 'Render script (Windows)', hint: 'Batch file · run it in the folder of the video', fileSuffix: '-tighten.bat', contentType: 'text/plain; charset=utf-8' },
};

export function isEditExportFormat(value: unknown): value is EditExportFormat {
  return typeof value === 'string' && (EDIT_EXPORT_FORMATS as readonly string[]).includes(value);
}

/** "launch-teaser.v2.mp4" + fcpxml → "launch-teaser.v2-edit.fcpxml". */
export function editExportFileName(sourceFileName: string, format: EditExportFormat): string {
  return `${sourceStem(sourceFileName)}${EDIT_EXPORT_FORMAT_META[format].fileSuffix}`;
}

/** The file for one format. Throws EditExportError for an edit that keeps nothing or a kept range off the video. */
export function buildEditExport(format: EditExportFormat, timeline: EditTimeline, options: EditExportOptions = {}): EditExportFile {
  const cuts = cutListOf(timeline);
  const body = (() => {
    switch (format) {
      case 'mlt':
        return buildMlt(timeline, cuts);
      case 'fcpxml':
        return buildEditFcpxml(timeline, cuts, options);
      case 'xmeml':
        return buildEditXmeml(timeline, cuts, options);
      case 'edl':
        return buildEditEdl(timeline, cuts, options);
      case 'ffmpeg':
        return buildShellScript(timeline, cuts);
      case 'ffmpeg-bat':
        return buildBatchScript(timeline, cuts);
    }
  })();
  const meta = EDIT_EXPORT_FORMAT_META[format];
  return { body, contentType: meta.contentType, fileName: editExportFileName(timeline.sourceFileName, format) };
}
