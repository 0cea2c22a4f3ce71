import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports';
import { MarkersController } from './markers.controller';

/** GET /api/reports/{id}/markers: the report as Final Cut Pro, Resolve, Premiere and YouTube marker files. */
@Module({ imports: [ReportsModule], controllers: [MarkersController] })
export class MarkersModule {}
