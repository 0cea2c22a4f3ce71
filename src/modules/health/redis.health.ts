import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** Redis is up when it answers PING within the timeout; one small connection kept for the probe. */
@Injectable()
export class RedisHealthIndicator implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // reported through the health check, not as an unhandled event
  }

  async isHealthy(key: string) {
    const check = this.indicator.check(key);
    try {
      if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
      const pong = await Promise.race([
        this.redis.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout after 1500 ms')), 1500)),
      ]);
      return pong === 'PONG' ? check.up() : check.down({ message: `unexpected reply ${pong}` });
    } catch (error) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
