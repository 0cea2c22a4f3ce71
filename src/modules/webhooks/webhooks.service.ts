import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Repository } from 'typeorm';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isForeignKeyViolation } from '../../database/constraint-errors';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import { refuseUrl } from './outbound-address';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { newEvent, TEST_EVENT, type WebhookEvent, type WebhookEventType } from './webhook-events';
import { rotated } from './webhook-secrets';
import { newWebhookSecret } from '../../common/standard-webhooks';

export const ENDPOINT_NOT_FOUND = 'No such webhook endpoint';
/** The delivery log shows this many of an endpoint's latest deliveries. */
const LOG_LENGTH = 50;

/**
 * Creators' webhook endpoints, and the events for them: each event becomes one delivery row per subscribed endpoint
 * and one job on the webhooks queue, which the worker sends with retries (WebhookDeliveryProcessor).
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue<JobPayloads[QueueName.Webhooks]['deliver']>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, url: string, events: WebhookEventType[]): Promise<{ row: WebhookEndpoint; secret: string }> {
    const refusal = refuseUrl(url, this.config.webhooks.allowPrivateAddresses);
    if (refusal) throw new BadRequestException(refusal);
    const secret = newWebhookSecret();
    const row = await this.endpoints.save(
      this.endpoints.create({
        userId, url, secret, previousSecret: null, previousSecretExpiresAt: null, secretReplacedAt: null,
        events: [...new Set(events)], createdAt: this.clock.now(), lastSuccessAt: null, disabledAt: null, disabledReason: null,
      }),
    );
    return { row, secret };
  }

  list(userId: string): Promise<WebhookEndpoint[]> {
    return this.endpoints.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async owned(userId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOneBy({ id, userId });
    if (!endpoint) throw new NotFoundException(ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.endpoints.remove(await this.owned(userId, id));
  }

  /** Sends again after a disable: the creator says the receiver is fixed. */
  async enable(userId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.owned(userId, id);
    await this.endpoints.update({ id }, { disabledAt: null, disabledReason: null });
    return { ...endpoint, disabledAt: null, disabledReason: null };
  }

  /** A new signing secret, answered once; the one the receiver holds keeps signing for 24 h (webhook-secrets.ts). */
  async rotateSecret(userId: string, id: string): Promise<{ row: WebhookEndpoint; secret: string }> {
    const endpoint = await this.owned(userId, id);
    const next = rotated(endpoint, this.clock.now());
    // Only if the secret is still the one read: two rotations at once must not both keep the same old secret.
    const { affected } = await this.endpoints.update({ id, secret: endpoint.secret }, next);
    if (!affected) throw new ConflictException('The secret was rotated at the same moment elsewhere: reload the page and try again.');
    return { row: { ...endpoint, ...next }, secret: next.secret };
  }

  async log(userId: string, id: string): Promise<WebhookDelivery[]> {
    await this.owned(userId, id);
    return this.deliveries.find({ where: { endpointId: id }, order: { createdAt: 'DESC' }, take: LOG_LENGTH });
  }

  /** "Send a test event": one webhook.test delivery to this endpoint, through the same queue and retries. */
  async sendTest(userId: string, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.owned(userId, id);
    const [delivery] = await this.deliver([endpoint], newEvent(TEST_EVENT, { message: 'A test event from Preflight', endpoint_id: endpoint.id }, this.clock.now()));
    // Deleted between the check above and the delivery's insert (a second tab, a script): it is gone, not a fault.
    if (!delivery) throw new NotFoundException(ENDPOINT_NOT_FOUND);
    return delivery;
  }

  /**
   * An event for the creator's endpoints that subscribe to it. Never throws: a webhook that cannot be queued must not
   * fail the analysis, share or billing change that caused it (the failure is logged).
   */
  async emit(userId: string | null, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    if (!userId) return; // sample reports belong to nobody
    try {
      const endpoints = await this.endpoints
        .createQueryBuilder('e')
        .where('e.user_id = :userId AND e.disabled_at IS NULL AND :type = ANY(e.events)', { userId, type })
        .getMany();
      if (endpoints.length > 0) await this.deliver(endpoints, newEvent(type, data, this.clock.now()));
    } catch (error) {
      this.logger.error({ userId, type }, `webhook event ${type} could not be queued: ${String(error)}`);
    }
  }

  /**
   * Writes and queues the event's delivery to each endpoint; answers the deliveries written, in the endpoints' order.
   * One insert per endpoint, not one for all: an endpoint deleted since it was read (another tab, a script) makes the
   * foreign key refuse its own row only, and it is skipped, so the creator's other endpoints still get the event.
   * Simpler than locking the endpoints (FOR KEY SHARE in a transaction around the read and the inserts, which would
   * also make a delete wait for the inserts); the cost, one round trip per endpoint, is small: a creator has few.
   */
  private async deliver(endpoints: WebhookEndpoint[], event: WebhookEvent): Promise<WebhookDelivery[]> {
    const payload = JSON.stringify(event);
    const rows: WebhookDelivery[] = [];
    for (const endpoint of endpoints) {
      try {
        rows.push(
          await this.deliveries.save(
            this.deliveries.create({ endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload, status: 'pending', attempts: 0, createdAt: this.clock.now() }),
          ),
        );
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        this.logger.debug({ endpointId: endpoint.id, eventId: event.id }, `webhook endpoint ${endpoint.id} was deleted before event ${event.type} was queued for it`);
      }
    }
    if (rows.length === 0) return rows;
    const { attempts, backoffMs } = this.config.webhooks;
    await this.queue.addBulk(
      rows.map((row) => ({
        name: 'deliver',
        data: { deliveryId: row.id },
        opts: { jobId: row.id, attempts, backoff: { type: 'exponential', delay: backoffMs }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      })),
    );
    return rows;
  }
}
