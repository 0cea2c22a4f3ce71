// The front door of the measured-retention module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { CreatorCalibrationService } from './creator-calibration.service';
export type { MeasuredRetention } from './measured-retention.entity';
export { MeasuredRetentionDataModule } from './measured-retention-data.module';
export { MeasuredRetentionModule } from './measured-retention.module';
export { MeasuredRetentionRepository } from './measured-retention.repository';
export { MEASURED_NOT_READY, MeasuredRetentionService } from './measured-retention.service';
