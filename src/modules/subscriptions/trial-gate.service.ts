import { ForbiddenException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ReportsRepository } from '../reports';
import { UsersService } from '../users';
import { Subscription } from './subscription.entity';
import { hasPaidAccess } from './subscription-state';

/** A creator whose Creator Pro trial (or plan after it) ended. */
export const TRIAL_EXPIRED_UPLOAD_MESSAGE = 'Your trial has expired. Please upgrade to continue uploading.';
/** A free creator who never had a trial: what is true is that the one free analysis is used (issue 28, item 9). */
export const FREE_ANALYSIS_USED_MESSAGE = 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.';
/** The 402's `reason`, so the app titles its dialog without parsing the text. */
export type PaymentRequiredReason = 'trial_expired' | 'free_analysis_used';

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
      const reason: PaymentRequiredReason = (await this.everHadTrial(userId, manager)) ? 'trial_expired' : 'free_analysis_used';
      const message = reason === 'trial_expired' ? TRIAL_EXPIRED_UPLOAD_MESSAGE : FREE_ANALYSIS_USED_MESSAGE;
      throw new HttpException({ message, reason }, HttpStatus.PAYMENT_REQUIRED);
    }
  }

  /** A trial was started once (Stripe gave it an end, or it ended as `expired`): only then has a trial expired. */
  private async everHadTrial(userId: string, manager?: EntityManager): Promise<boolean> {
    const repo = manager ? manager.getRepository(Subscription) : this.subscriptions;
    const subscription = await repo.findOneBy({ userId });
    return !!subscription && (subscription.trialEndsAt !== null || subscription.status === 'trialing' || subscription.status === 'expired');
  }
}
