import { ForbiddenException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ReportsRepository } from '../reports';
import { UsersService } from '../users';
import { billingMessage, billingStateOf, PAYMENT_REQUIRED_REASONS, type PaymentRequiredReason } from '@preflight/shared';
import { Subscription } from './subscription.entity';
import { effectiveStatus, hasPaidAccess } from './subscription-state';

/** A creator whose Creator Pro trial ended (expired, or cancelled and run to its end). */
export const TRIAL_EXPIRED_UPLOAD_MESSAGE = billingMessage('trial_ended').text;
/** A creator whose paid Creator Pro plan ended (cancelled, and its last paid period over). */
export const PLAN_ENDED_UPLOAD_MESSAGE = billingMessage('plan_ended').text;
/** A free creator who never had a plan: what is true is that the one free analysis is used (issue 28, item 9). */
export const FREE_ANALYSIS_USED_MESSAGE = billingMessage('free_used').text;
export type { PaymentRequiredReason };

export const GUEST_ACCOUNT_MESSAGE = 'Sign in with Google to use your free analysis: guest accounts cannot analyse videos.';

/** Failed analyses give the free one back; this many failures a day is the most a free creator may retry. */
export const FREE_FAILED_ATTEMPTS_PER_DAY = 5;
export const TOO_MANY_FAILED_ATTEMPTS_MESSAGE = `Your last ${FREE_FAILED_ATTEMPTS_PER_DAY} uploads could not be analysed today. Check that the file plays, then try again tomorrow or upgrade to continue.`;

/**
 * Worker seconds a free creator's failed analyses may use a day: a file refused only once decoded (an over-long raw
 * stream took 36–39 s each) costs the server, not the creator, so without this one account could have it decoded
 * again and again. About three such refusals; a file that fails at once costs next to nothing.
 */
export const FREE_FAILED_WORK_SECONDS_PER_DAY = 120;
export const FAILED_WORK_BUDGET_MESSAGE = `Your uploads that could not be analysed today used the ${FREE_FAILED_WORK_SECONDS_PER_DAY} seconds of processing a free account has for failed files each day. Check that the file plays and is under an hour, then try again tomorrow or upgrade to continue.`;

/** How many analyses a user without an active or trialing plan gets (the first one is free: docs/product.md, Rules › Upload rules). */
export const FREE_ANALYSES = 1;

/**
 * The trial gate: an active plan, or a trial that has not ended, analyses without limit; everyone else gets the
 * first analysis free and then 402. Reports that ended in error do not use up the free analysis.
 */
@Injectable()
export class TrialGateService {
  constructor(
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
    private readonly reports: ReportsRepository,
    private readonly users: UsersService,
  ) {}

  async hasPaidAccess(userId: string, now = new Date(), manager?: EntityManager): Promise<boolean> {
    const repo = manager ? manager.getRepository(Subscription) : this.subscriptions;
    return hasPaidAccess(await repo.findOneBy({ userId }), now);
  }

  /** Analyses that count against the free plan: queued, running or finished; one that ended in error gives it back. */
  analysesUsed(userId: string, manager?: EntityManager): Promise<number> {
    return this.reports.countNotFailed(userId, manager);
  }

  /** Free analyses left, or null for unlimited (an active or trialing plan). */
  async analysesLeft(userId: string, manager?: EntityManager): Promise<number | null> {
    if (await this.hasPaidAccess(userId, new Date(), manager)) return null;
    return Math.max(0, FREE_ANALYSES - (await this.analysesUsed(userId, manager)));
  }

  /** Throws 402 when this user may not start another analysis. Pass the transaction's manager to check atomically. */
  async assertMayAnalyze(userId: string, manager?: EntityManager): Promise<void> {
    const left = await this.analysesLeft(userId, manager);
    // An anonymous identity-provider account (no email) costs nothing to make: it would be a free analysis per click.
    if (left !== null && !(await this.users.hasEmail(userId, manager))) throw new ForbiddenException(GUEST_ACCOUNT_MESSAGE);
    if (left !== null) {
      const failed = await this.reports.failuresInLastDay(userId, manager);
      if (failed.count >= FREE_FAILED_ATTEMPTS_PER_DAY) throw new HttpException(TOO_MANY_FAILED_ATTEMPTS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
      if (failed.workSeconds >= FREE_FAILED_WORK_SECONDS_PER_DAY) throw new HttpException(FAILED_WORK_BUDGET_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }
    if (left === 0) {
      // The 402 says what is true of this creator's billing state (packages/shared/src/rules/billing-state.ts).
      const state = await this.refusedState(userId, manager);
      throw new HttpException({ message: billingMessage(state).text, reason: PAYMENT_REQUIRED_REASONS[state] }, HttpStatus.PAYMENT_REQUIRED);
    }
  }

  /** The state of a creator with no analysis left: the free one used, a trial ended or a paid plan ended. */
  private async refusedState(userId: string, manager?: EntityManager): Promise<keyof typeof PAYMENT_REQUIRED_REASONS> {
    const repo = manager ? manager.getRepository(Subscription) : this.subscriptions;
    const row = await repo.findOneBy({ userId });
    const state = billingStateOf({
      status: effectiveStatus(row),
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd,
      trialExpires: row?.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
      analysesLeft: 0,
    });
    return state === 'trial_ended' || state === 'plan_ended' ? state : 'free_used';
  }
}
