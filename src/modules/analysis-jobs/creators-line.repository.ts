import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A creator's own line of waiting analyses: the analysis queue's priority, fair across creators. */
@Injectable()
export class CreatorsLineRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** 1 for the creator's oldest processing report, 2 for the next…: the report's place in its creator's line. */
  async placeOf(reportId: string): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS ahead FROM reports mine
         JOIN reports other ON other.user_id = mine.user_id AND other.status = 'processing' AND other.created_at < mine.created_at
        WHERE mine.id = $1`,
      [reportId],
    )) as Array<{ ahead: number }>;
    return (row?.ahead ?? 0) + 1;
  }
}
