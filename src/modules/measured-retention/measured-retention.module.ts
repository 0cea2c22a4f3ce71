import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportsModule } from '../reports';
import { CreatorCalibrationService } from './creator-calibration.service';
import { CalibrationProgressController, MeasuredRetentionController } from './measured-retention.controller';
import { MeasuredRetention } from './measured-retention.entity';
import { MeasuredRetentionService } from './measured-retention.service';

/** Measured retention: creators add the curve they measured after posting and see it against the prediction. */
@Module({
  imports: [TypeOrmModule.forFeature([MeasuredRetention]), ReportsModule],
  controllers: [MeasuredRetentionController, CalibrationProgressController],
  providers: [MeasuredRetentionService, CreatorCalibrationService],
  exports: [MeasuredRetentionService, CreatorCalibrationService],
})
export class MeasuredRetentionModule {}
