import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MeasuredRetention } from './measured-retention.entity';

/**
 * The measured_retention table for the other modules (the PDF and the analysis worker): they read curves only through
 * these methods, never through a Repository<MeasuredRetention> of their own.
 */
@Injectable()
export class MeasuredRetentionRepository {
  constructor(@InjectRepository(MeasuredRetention) private readonly curves: Repository<MeasuredRetention>) {}

  curveOf(reportId: string): Promise<MeasuredRetention | null> {
    return this.curves.findOneBy({ reportId });
  }

  /** When the report's curve was last added or replaced; null without one. */
  async changedAt(reportId: string): Promise<Date | null> {
    const row = await this.curves.findOne({ where: { reportId }, select: { reportId: true, updatedAt: true } });
    return row?.updatedAt ?? null;
  }

  /** The creator's curves, most recently changed first. */
  latestOf(userId: string, limit: number): Promise<MeasuredRetention[]> {
    return this.curves.find({ where: { userId }, order: { updatedAt: 'DESC' }, take: limit });
  }
}
