// The front door of the reports module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { AnalysisSpeedService } from './analysis-speed.service';
export { processingProgress } from './processing-progress';
export { ReportDataModule } from './report-data.module';
export { ReportDataStore, summaryOf } from './report-data.store';
export type { Report } from './report.entity';
export { ReportsModule } from './reports.module';
export { ReportsRepository } from './reports.repository';
export { REPORT_NOT_FOUND, ReportsService, assertAnalysisFinished } from './reports.service';
export { SignedReportReader } from './signed-report-data';
export { fileNameOnly } from './share-redaction';
export { ReportAccessModule } from './report-access.module';
export { ReportAccess } from './report-access';
export type { ReportGrant, ReportPermission } from './report-access';
export type { ShareLink } from './share-link.entity';
export { SHARE_TOKEN_PATTERN } from './share-token';
export { ShareService } from './share.service';
export type { ShareGrant } from './share.service';
