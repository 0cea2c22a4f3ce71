// The front door of the share module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { ShareLinksService } from './share-links.service';
export { ManagedShareLinkDto, ShareLinkCreatedDto, ShareLinkDto, ShareSettingsDto } from './share.dto';
export type { SharedReportDto } from './share.dto';
export { ShareModule } from './share.module';
