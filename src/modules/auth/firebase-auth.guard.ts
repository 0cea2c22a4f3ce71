import { CanActivate, ExecutionContext, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TokenVerifier } from './token-verifier';
import { UsersService } from '../users/users.service';
import { RATE_LIMITS, TEN_MINUTES_MS } from '../../common/rate-limit/limits';
import { tooManyRequests } from '../../common/rate-limit/rate-limit.guard';
import { RedisThrottlerStorage } from '../../common/rate-limit/redis-throttler.storage';
import { bearerToken } from './bearer';
import type { AuthedRequest } from './current-user.decorator';
import { IS_PUBLIC } from './public.decorator';

/** Global guard: every route needs a valid Firebase ID token unless marked @Public(). */
@Injectable()
export class FirebaseAuthGuard implements CanActivate {
  private readonly logger = new Logger(FirebaseAuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
    private readonly counters: RedisThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;

    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (!bearerToken(request.headers.authorization)) throw new UnauthorizedException('Authentication required');
    // An address that keeps presenting bad tokens is guessing: refuse it before spending a verification on it.
    const failuresKey = `authfail:${request.ip}`;
    if ((await this.counters.peek(failuresKey)) >= RATE_LIMITS.failedAuthPerIpPer10Minutes) {
      tooManyRequests(context.switchToHttp().getResponse(), Math.ceil(TEN_MINUTES_MS / 1000));
    }
    const auth = await this.verifier.authenticate(request.headers.authorization);
    if (auth.kind === 'verified') {
      request.user = await this.users.upsertFromIdentity(auth.identity);
      return true;
    }
    this.logger.debug(`rejected token: ${auth.kind === 'invalid' ? auth.reason : 'none'}`);
    await this.counters.count(failuresKey, TEN_MINUTES_MS);
    throw new UnauthorizedException('Invalid or expired authentication token');
  }
}
