import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports';
import { PreventionController } from './prevention.controller';
import { PreventionService } from './prevention.service';

/** The analysis page's data (prevention analytics, feedback-style re-derivation) and the dashboard's aggregates. */
@Module({
  imports: [ReportsModule],
  controllers: [PreventionController],
  providers: [PreventionService],
})
export class PreventionModule {}
