import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportsModule } from '../reports';
import { CalibrationProgressController, MeasuredRetentionController } from './measured-retention.controller';
import { MeasuredRetentionDataModule } from './measured-retention-data.module';
import { MeasuredRetention } from './measured-retention.entity';
import { MeasuredRetentionService } from './measured-retention.service';

/** Measured retention: creators add the curve they measured after posting and see it against the prediction. */
@Module({
  imports: [TypeOrmModule.forFeature([MeasuredRetention]), MeasuredRetentionDataModule, ReportsModule],
  controllers: [MeasuredRetentionController, CalibrationProgressController],
  providers: [MeasuredRetentionService],
  exports: [MeasuredRetentionService, MeasuredRetentionDataModule],
})
export class MeasuredRetentionModule {}
