import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report } from '../reports/report.entity';
import { ReportsModule } from '../reports/reports.module';
import { PreventionController } from './prevention.controller';
import { PreventionStatsRepository } from './prevention-stats.repository';
import { PreventionService } from './prevention.service';

/** The analysis page's data (prevention analytics, feedback-style re-derivation) and the dashboard's aggregates. */
@Module({
  imports: [TypeOrmModule.forFeature([Report]), ReportsModule],
  controllers: [PreventionController],
  providers: [PreventionService, PreventionStatsRepository],
})
export class PreventionModule {}
