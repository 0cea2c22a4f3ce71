// The edit's exports (issue 42, "Into the editor"): the file-format builders are the engine's src/analysis/edit/export.
// This file is the one place the edit module meets them.
export { buildEditExport, EDIT_EXPORT_FORMATS, EditExportError, type EditExportFormat, type EditTimeline } from '../../analysis/edit/export';
