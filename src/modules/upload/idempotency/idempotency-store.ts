import { BadRequestException, ConflictException, Inject, Injectable, type OnModuleDestroy, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';

/** The first answer to a request made with an Idempotency-Key: replayed to every retry with that key. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Entry = { state: 'pending'; route: string } | { state: 'done'; route: string; answer: StoredAnswer };

export type Begin = { kind: 'first'; release: () => Promise<void>; complete: (answer: StoredAnswer) => Promise<void> } | { kind: 'replay'; answer: StoredAnswer };

/** How long an answer is replayed: a day, like Stripe (a client retrying later than that is making a new request). */
const ANSWER_TTL_MS = 24 * 3600 * 1000;
/**
 * How long a request in progress holds its key: an hour covers the slowest 2 GB multipart upload; a process that dies
 * mid-request frees it after that (a failed or cut-off request frees it at once).
 */
const PENDING_TTL_MS = 3600 * 1000;
/** A concurrent retry waits this long for the first request to finish, then answers 409 (retry later). */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 150;
/** Idempotency-Key: 1–255 visible ASCII characters (a UUID is the usual choice). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still in progress; retry it in a moment';
export const KEY_OTHER_ROUTE = 'This Idempotency-Key was already used for a different request';

/**
 * Idempotency keys in Redis, per creator. The first request with a key reserves it (SET NX) and stores its answer on
 * success; a retry gets that answer instead of running again, so it never spends a second free analysis nor queues a
 * second job. A request that fails frees its key, so the retry runs (the failed one changed nothing).
 */
@Injectable()
export class IdempotencyStore implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.redis.on('error', () => undefined); // reported by the health check; begin() answers 503 meanwhile
    this.prefix = `${config.redis.prefix}:idempotency:`;
  }

  /** Validates the header's value; null when the request carries none. */
  static keyOf(header: string | string[] | undefined): string | null {
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined) return null;
    if (!KEY_PATTERN.test(value)) throw new BadRequestException('Idempotency-Key must be 1 to 255 visible ASCII characters');
    return value;
  }

  async begin(userId: string, key: string, route: string): Promise<Begin> {
    const id = this.prefix + userId + ':' + createHash('sha256').update(key).digest('hex');
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const pending: Entry = { state: 'pending', route };
      const reserved = await this.call(() => this.redis.set(id, JSON.stringify(pending), 'PX', PENDING_TTL_MS, 'NX'));
      if (reserved === 'OK') return this.first(id, route);
      const raw = await this.call(() => this.redis.get(id));
      if (raw === null) continue; // the first request failed and freed the key meanwhile: this one runs
      const entry = JSON.parse(raw) as Entry;
      if (entry.route !== route) throw new UnprocessableEntityException(KEY_OTHER_ROUTE);
      if (entry.state === 'done') return { kind: 'replay', answer: entry.answer };
      if (Date.now() > deadline) throw new ConflictException(KEY_IN_PROGRESS);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private first(id: string, route: string): Begin {
    return {
      kind: 'first',
      release: async () => {
        await this.redis.del(id).catch(() => undefined);
      },
      complete: async (answer) => {
        const done: Entry = { state: 'done', route, answer };
        await this.call(() => this.redis.set(id, JSON.stringify(done), 'PX', ANSWER_TTL_MS));
      },
    };
  }

  /** A Redis failure fails the request (503): running it without the key's protection could do it twice. */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new ServiceUnavailableException('Idempotency keys are unavailable for a moment; retry the request');
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
