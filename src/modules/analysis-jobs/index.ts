// The front door of the analysis-jobs module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { AnalysisJobsModule } from './analysis-jobs.module';
export { AnalysisOutbox } from './analysis-outbox';
export { AnalysisQueue } from './analysis-queue.service';
export { RESUMING_MESSAGE, isResuming } from './resuming';
export { workDirOfThisProcess } from './work-dirs';
