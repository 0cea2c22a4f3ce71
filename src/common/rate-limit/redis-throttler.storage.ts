import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** INCR a window counter, start its expiry on the first hit, return [hits, milliseconds left]. Atomic in Redis. */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { hits, ttl }`;

/**
 * Fixed-window counters in Redis, shared by every API process (an in-memory store would give each process its own
 * budget). Keys live under the deployment's queue prefix and expire with their window.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    this.redis.on('error', () => undefined); // a Redis outage is reported by the health check and the queues
    this.prefix = `${config.redis.prefix}:ratelimit:`;
  }

  /**
   * Counts a hit. While Redis is unreachable the limits fail open (a hit counts as the first of its window): an outage
   * of the counters must not turn every request into a 500.
   */
  async count(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }> {
    try {
      const [hits, msLeft] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { hits, msLeft };
    } catch {
      return { hits: 1, msLeft: windowMs };
    }
  }

  async peek(key: string): Promise<number> {
    try {
      return Number((await this.redis.get(this.prefix + key)) ?? 0);
    } catch {
      return 0;
    }
  }

  async increment(key: string, ttl: number, limit: number): Promise<{ totalHits: number; timeToExpire: number; isBlocked: boolean; timeToBlockExpire: number }> {
    const { hits, msLeft } = await this.count(key, ttl);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
