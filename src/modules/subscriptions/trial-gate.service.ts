import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { Subscription } from './subscription.entity';

export const TRIAL_EXPIRED_UPLOAD_MESSAGE = 'Your trial has expired. Please upgrade to continue uploading.';

/** How many analyses a user without an active or trialing plan gets (SPEC section 1: the first one is free). */
export const FREE_ANALYSES = 1;

/**
 * The trial gate: an active plan, or a trial that has not ended, analyses without limit; everyone else gets the
 * first analysis free and then 402. Reports that ended in error do not use up the free analysis.
 */
@Injectable()
export class TrialGateService {
  constructor(@InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>) {}

  async hasPaidAccess(userId: string, now = new Date(), manager?: EntityManager): Promise<boolean> {
    const repo = manager ? manager.getRepository(Subscription) : this.subscriptions;
    const sub = await repo.findOneBy({ userId });
    if (!sub) return false;
    if (sub.status === 'active') return true;
    return sub.status === 'trialing' && (sub.trialEndsAt === null || sub.trialEndsAt > now);
  }

  /** Throws 402 when this user may not start another analysis. Pass the transaction's manager to check atomically. */
  async assertMayAnalyze(userId: string, manager?: EntityManager): Promise<void> {
    if (await this.hasPaidAccess(userId, new Date(), manager)) return;
    const runner = manager ?? this.subscriptions.manager;
    const [{ count }] = (await runner.query(
      `SELECT count(*)::int AS count FROM reports WHERE user_id = $1 AND status <> 'error'`,
      [userId],
    )) as { count: number }[];
    if (count >= FREE_ANALYSES) throw new HttpException(TRIAL_EXPIRED_UPLOAD_MESSAGE, HttpStatus.PAYMENT_REQUIRED);
  }
}
