import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Repository } from 'typeorm';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { signingSecrets } from './webhook-secrets';
import { sendWebhook } from './webhook-sender';

type DeliverJob = Job<JobPayloads[QueueName.Webhooks]['deliver']>;

export const disabledNotice = (at: Date, last: string) =>
  `Disabled on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC: deliveries kept failing for every retry (last: ${last}). Fix the receiver, then enable the endpoint again.`;

/**
 * Sends one delivery per job, at least once: any answer but 2xx, a timeout or a connection error is retried with
 * exponential backoff (WEBHOOK_ATTEMPTS over about 24 h). Each attempt is written to the delivery log. When a delivery
 * has used every attempt and the endpoint has not succeeded since that delivery began, the endpoint is disabled.
 */
@Processor(QueueName.Webhooks, { concurrency: 8 })
export class WebhookDeliveryProcessor extends WorkerHost {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: DeliverJob): Promise<void> {
    const delivery = await this.deliveries.findOne({ where: { id: job.data.deliveryId }, relations: { endpoint: true } });
    const endpoint = delivery?.endpoint;
    if (!delivery || !endpoint || delivery.status !== 'pending') return; // deleted endpoint, or already settled
    if (endpoint.disabledAt) {
      await this.deliveries.update({ id: delivery.id }, { status: 'failed', error: 'The endpoint is disabled' });
      return;
    }
    const now = this.clock.now();
    const signing = { id: delivery.eventId, secrets: signingSecrets(endpoint, now) };
    const result = await sendWebhook(endpoint.url, signing, delivery.payload, { allowPrivate: this.config.webhooks.allowPrivateAddresses, now });
    const attempts = delivery.attempts + 1;
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (result.kind === 'answered' && result.status >= 200 && result.status < 300) {
      await this.deliveries.update({ id: delivery.id }, { status: 'delivered', attempts, responseCode: result.status, responseExcerpt: result.excerpt, error: null, lastAttemptAt: now });
      await this.endpoints.update({ id: endpoint.id }, { lastSuccessAt: now });
      return;
    }
    const failure = result.kind === 'answered' ? `HTTP ${result.status}` : result.reason;
    const final = last || result.kind === 'refused';
    await this.deliveries.update(
      { id: delivery.id },
      {
        status: final ? 'failed' : 'pending',
        attempts,
        responseCode: result.kind === 'answered' ? result.status : null,
        responseExcerpt: result.kind === 'answered' ? result.excerpt : null,
        error: result.kind === 'answered' ? null : result.reason,
        lastAttemptAt: now,
      },
    );
    if (final) await this.disableIfStillFailing(endpoint, delivery, failure, now);
    this.logger.warn({ deliveryId: delivery.id, endpointId: endpoint.id, attempt: attempts }, `webhook delivery failed: ${failure}`);
    if (result.kind === 'refused') throw new UnrecoverableError(result.reason);
    throw new Error(failure);
  }

  private async disableIfStillFailing(endpoint: WebhookEndpoint, delivery: WebhookDelivery, failure: string, now: Date): Promise<void> {
    if (endpoint.lastSuccessAt && endpoint.lastSuccessAt >= delivery.createdAt) return;
    await this.endpoints
      .createQueryBuilder()
      .update()
      .set({ disabledAt: now, disabledReason: disabledNotice(now, failure) })
      .where('id = :id AND disabled_at IS NULL AND (last_success_at IS NULL OR last_success_at < :since)', { id: endpoint.id, since: delivery.createdAt })
      .execute();
  }
}
