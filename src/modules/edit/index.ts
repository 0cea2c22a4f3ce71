// The front door of the edit module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { EditModule } from './edit.module';
export type { ReportEdit } from './report-edit.entity';
export { EditDataModule } from './edit-data.module';
export { ReportEditRepository } from './report-edit.repository';
export { currentEdit } from './current-edit';
