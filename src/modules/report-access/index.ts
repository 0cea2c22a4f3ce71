// The front door of the report-access module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { ReportAccessModule } from './report-access.module';
export { ReportAccessService } from './report-access.service';
export type { ShareLink } from './share-link.entity';
export { SHARE_TOKEN_PATTERN } from './share-token';
export { ShareService } from './share.service';
export type { ShareGrant } from './share.service';
