import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports';
import { EditController } from './edit.controller';
import { EditPublicController } from './edit.public.controller';
import { EditService } from './edit.service';
import { EditDataModule } from './edit-data.module';

/** GET/PUT /api/reports/{id}/edit, its export, and the shared report's edit (issue 42). */
@Module({
  imports: [EditDataModule, ReportsModule],
  controllers: [EditController, EditPublicController],
  providers: [EditService],
})
export class EditModule {}
