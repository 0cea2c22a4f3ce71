// The front door of the measured-retention module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { CreatorCalibrationService } from './creator-calibration.service';
export { MeasuredRetention } from './measured-retention.entity';
export { MeasuredRetentionModule } from './measured-retention.module';
export { MEASURED_NOT_READY, MeasuredRetentionService } from './measured-retention.service';
