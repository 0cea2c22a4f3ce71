import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportDataModule } from '../reports';
import { CreatorCalibrationService } from './creator-calibration.service';
import { MeasuredRetention } from './measured-retention.entity';
import { MeasuredRetentionRepository } from './measured-retention.repository';

/**
 * The measured curves without the routes: what the worker (the analysis's calibration, the PDF) and the API's PDF
 * module use. MeasuredRetentionModule imports and re-exports it for the API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MeasuredRetention]), ReportDataModule],
  providers: [MeasuredRetentionRepository, CreatorCalibrationService],
  exports: [MeasuredRetentionRepository, CreatorCalibrationService],
})
export class MeasuredRetentionDataModule {}
