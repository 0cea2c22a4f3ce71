import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportEdit } from './report-edit.entity';
import { ReportEditRepository } from './report-edit.repository';

/** The saved edits without the routes: what the worker's PDF reads ("The proposed edit" page). */
@Module({
  imports: [TypeOrmModule.forFeature([ReportEdit])],
  providers: [ReportEditRepository],
  exports: [ReportEditRepository],
})
export class EditDataModule {}
