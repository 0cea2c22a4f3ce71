import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** Redis is up when it answers PING within the timeout; one small connection kept for the probe. */
@Injectable()
export class RedisHealthIndicator implements OnModuleDestroy {
  private readonly redis: Redis;
  /** The first connection, shared: concurrent first probes wait for it instead of pinging a socket still opening. */
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // reported through the health check, not as an unhandled event
  }

  async isHealthy(key: string) {
    const check = this.indicator.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      const pong = await Promise.race([
        this.connect().then(() => this.redis.ping()),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout after 1500 ms')), 1500))),
      ]);
      return pong === 'PONG' ? check.up() : check.down({ message: `unexpected reply ${pong}` });
    } catch (error) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  private connect(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') {
      this.connecting = this.redis.connect().finally(() => (this.connecting = null));
    }
    return this.connecting ?? Promise.resolve();
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
