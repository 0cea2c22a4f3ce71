import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TokenVerifier } from './token-verifier';
import { UsersService } from '../users';
import { RATE_LIMITS, TEN_MINUTES_MS } from '../../common/rate-limit/limits';
import { tooManyRequests } from '../../common/rate-limit/rate-limit.guard';
import { RedisThrottlerStorage } from '../../common/rate-limit/redis-throttler.storage';
import { ApiKeysService } from '../api-keys';
import type { ApiKeyScope } from '../api-keys';
import type { AuthedRequest } from './current-user.decorator';
import { KEY_SCOPE, keyScopeAllows } from './key-scope.decorator';
import { credentialShape } from './credential-shape';
import { presentedCredential } from './presented-credentials';
import { IS_PUBLIC } from './public.decorator';

export const KEY_REFUSED = {
  unknown: 'Invalid API key',
  revoked: 'This API key has been revoked',
  expired: 'This API key has expired',
} as const;
export const KEY_CLOSED_ROUTE = 'API keys cannot be used here: billing and key and webhook management need a signed-in session';
export const KEY_READ_ONLY = 'This API key is read-only: this request needs a key with the write scope';

/**
 * Global guard: every route needs a valid Firebase ID token or API key unless marked @Public(). A key reaches only
 * the routes marked @KeyScope, within its scope.
 */
@Injectable()
export class FirebaseAuthGuard implements CanActivate {
  private readonly logger = new Logger(FirebaseAuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
    private readonly counters: RedisThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const credential = presentedCredential(request.headers);
    if (credential.kind === 'none') throw new UnauthorizedException('Authentication required');
    // Refusals count per address AND credential shape (credential-shape.ts): an office or a carrier's address shared
    // by a guessing script keeps working for every creator behind it. A locked-out shape is answered 429; a JWT or a
    // well-formed key is still checked (locally against Google's keys, or one indexed lookup), so a credential that
    // verifies is never refused. Only a malformed one, which cannot verify, is refused without a look.
    const shape = credentialShape(credential);
    const failuresKey = `authfail:${request.ip}:${shape.id}`;
    const lockedOut = (await this.counters.peek(failuresKey)) >= RATE_LIMITS.failedAuthPerIpPer10Minutes;
    const refuse = async (message: string): Promise<never> => {
      await this.counters.count(failuresKey, TEN_MINUTES_MS);
      if (lockedOut) tooManyRequests(context.switchToHttp().getResponse(), Math.ceil(TEN_MINUTES_MS / 1000));
      throw new UnauthorizedException(message);
    };
    if (lockedOut && shape.kind === 'malformed') return refuse('Invalid or expired authentication token');

    if (credential.kind === 'key') {
      const auth = await this.apiKeys.authenticate(credential.key, request.ip);
      if (auth.kind === 'invalid') return refuse(KEY_REFUSED[auth.reason]);
      const needed = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(KEY_SCOPE, targets);
      if (!needed) throw new ForbiddenException(KEY_CLOSED_ROUTE);
      if (!keyScopeAllows(auth.key.scope, needed)) throw new ForbiddenException(KEY_READ_ONLY);
      request.user = auth.user;
      request.apiKey = auth.key;
      return true;
    }

    const auth = await this.verifier.authenticate(credential.authorization);
    if (auth.kind === 'verified') {
      request.user = await this.users.upsertFromIdentity(auth.identity);
      return true;
    }
    this.logger.debug(`rejected token: ${auth.kind === 'invalid' ? auth.reason : 'none'}`);
    return refuse('Invalid or expired authentication token');
  }
}
