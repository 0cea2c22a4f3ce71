import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports';
import { StatusController } from './status.controller';

/** GET /api/status/{id}: the upload page's progress poll, read from the creator's report row. */
@Module({
  imports: [ReportsModule],
  controllers: [StatusController],
})
export class StatusModule {}
