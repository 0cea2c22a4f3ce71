import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report, ReportsModule } from '../reports';
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
