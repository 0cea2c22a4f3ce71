/**
 * The edit's exports (issue 42, "Into the editor"): the file-format builders live in src/analysis/edit/export (written
 * beside this module). This file is the one place the module meets them.
 *
 * PLACEHOLDER until src/analysis/edit/export lands on main: the agreed interface, transcribed, and a builder that
 * answers 501 (the route, its checks and its timeline are real; only the file formats are missing). When the export
 * module is on main, this whole file becomes the one line
 *   export { buildEditExport, EDIT_EXPORT_FORMATS, EditExportError, type EditExportFormat, type EditTimeline } from '../../analysis/edit/export';
 */
import { NotImplementedException } from '@nestjs/common';

export const EDIT_EXPORT_FORMATS = ['mlt', 'fcpxml', 'xmeml', 'edl', 'ffmpeg', 'ffmpeg-bat'] as const;
export type EditExportFormat = (typeof EDIT_EXPORT_FORMATS)[number];

export interface EditTimeline {
  sourceFileName: string;
  sourceDurationSeconds: number;
  frameRate: { num: number; den: number };
  variableFrameRate: boolean;
  width: number;
  height: number;
  audio: { channels: number; sampleRate: number } | null;
  kept: Array<{ startSeconds: number; endSeconds: number }>;
  markers: Array<{ startSeconds: number; endSeconds: number; name: string; note: string }>;
}

/** Why an edit cannot be exported (the message is the creator's; the route answers 400). */
export class EditExportError extends Error {
  override readonly name = 'EditExportError';
}

export function buildEditExport(format: EditExportFormat, timeline: EditTimeline): { body: string; contentType: string; fileName: string } {
  void timeline;
  throw new NotImplementedException(`The ${format} export is not built yet.`);
}
