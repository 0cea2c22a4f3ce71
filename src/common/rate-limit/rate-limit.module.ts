import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { MINUTE_MS, RATE_LIMITS } from './limits';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const pathOf = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>().path;
/** Who the auth guard found (src/modules/auth/request-auth.ts); this guard runs after it. */
type RequestWithAuth = Request & { auth?: { how: string; sharePresented: boolean } };
/**
 * A report file read with a share token (/reports/{id}_data/report.json?share= or X-Share-Token) is a share lookup
 * like /public/prevention/share/{token}: it spends the same per-address budget (a creator's own reads, with their
 * bearer token, do not).
 */
const isShareRead = (context: ExecutionContext) => {
  const req = context.switchToHttp().getRequest<RequestWithAuth>();
  return req.path.startsWith('/reports/') && req.auth?.sharePresented === true;
};
const withKey = (context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithAuth>().auth?.how === 'api_key';

/** The Redis counters, one instance for the throttler and the auth guard's failure count. */
@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class RateLimitStoreModule {}

/** The request budgets (limits.ts) in Redis; the guard itself is registered after the auth guard (AuthModule). */
@Global()
@Module({
  imports: [
    RateLimitStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStoreModule],
      inject: [RedisThrottlerStorage],
      useFactory: (storage: RedisThrottlerStorage) => ({
        storage,
        throttlers: [
          { name: 'api', ttl: MINUTE_MS, limit: (c) => (withKey(c) ? RATE_LIMITS.apiPerKeyPerMinute : RATE_LIMITS.apiPerUserPerMinute), skipIf: (c) => !pathOf(c).startsWith('/api/') },
          { name: 'public', ttl: MINUTE_MS, limit: RATE_LIMITS.publicPerIpPerMinute, skipIf: (c) => !pathOf(c).startsWith('/public/') && !isShareRead(c) },
        ],
      }),
    }),
  ],
  exports: [ThrottlerModule, RateLimitStoreModule],
})
export class RateLimitModule {}

