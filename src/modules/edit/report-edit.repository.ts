import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ReportEdit, type SavedCut } from './report-edit.entity';

/** The report_edits table: every query of the edit module is here. */
@Injectable()
export class ReportEditRepository {
  constructor(@InjectRepository(ReportEdit) private readonly edits: Repository<ReportEdit>) {}

  ofReport(reportId: string): Promise<ReportEdit | null> {
    return this.edits.findOneBy({ reportId });
  }

  /** Saves (or replaces) the report's edit in one statement: two saves racing leave one of them, whole. */
  async put(row: { reportId: string; userId: string; cuts: SavedCut[]; marginBeforeS: number; marginAfterS: number }): Promise<ReportEdit> {
    await this.edits.upsert(row, { conflictPaths: ['reportId'] });
    return (await this.ofReport(row.reportId))!;
  }
}
