import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportsModule } from '../reports';
import { EditController } from './edit.controller';
import { EditPublicController } from './edit.public.controller';
import { EditService } from './edit.service';
import { ReportEdit } from './report-edit.entity';
import { ReportEditRepository } from './report-edit.repository';

/** GET/PUT /api/reports/{id}/edit, its export, and the shared report's edit (issue 42). */
@Module({
  imports: [TypeOrmModule.forFeature([ReportEdit]), ReportsModule],
  controllers: [EditController, EditPublicController],
  providers: [EditService, ReportEditRepository],
})
export class EditModule {}
