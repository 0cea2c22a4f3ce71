import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { Authenticator } from './authenticator';
import { RateLimitGuard } from '../../common/rate-limit/rate-limit.guard';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { TokenVerifier } from './token-verifier';
import { MeController } from './me.controller';
import { UsersModule } from '../users';
import { ApiKeysCoreModule } from '../api-keys';

/**
 * Every HTTP route requires a verified Firebase ID token or API key unless marked @Public() or @Accepts() (a share
 * token, or nobody), within its rate limit. The guard reads share tokens with ShareGrants, which the reports module
 * provides (ReportAccessModule, global).
 */
@Global()
@Module({
  imports: [UsersModule, ApiKeysCoreModule, RateLimitModule],
  // GET /api/me (who the caller is) lives here, not in users: users stays below auth, which uses its service.
  controllers: [MeController],
  // Order matters: the rate limit runs after authentication, so it can count a creator rather than an address.
  providers: [TokenVerifier, Authenticator, { provide: APP_GUARD, useClass: AuthGuard }, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [TokenVerifier, Authenticator, ApiKeysCoreModule],
})
export class AuthModule {}
