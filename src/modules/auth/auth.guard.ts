import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RATE_LIMITS, TEN_MINUTES_MS } from '../../common/rate-limit/limits';
import { tooManyRequests } from '../../common/rate-limit/rate-limit.guard';
import { RedisThrottlerStorage } from '../../common/rate-limit/redis-throttler.storage';
import type { ApiKeyScope } from '../api-keys';
import { ACCEPTS, type AcceptedCallers } from './accepts.decorator';
import { Authenticator } from './authenticator';
import { credentialShape } from './credential-shape';
import { KEY_SCOPE, keyScopeAllows } from './key-scope.decorator';
import { presentedCredential, presentedShareToken } from './presented-credentials';
import { IS_PUBLIC } from './public.decorator';
import { ShareGrants, type AuthedRequest } from './request-auth';

export const KEY_REFUSED = {
  unknown: 'Invalid API key',
  revoked: 'This API key has been revoked',
  expired: 'This API key has expired',
} as const;
export const KEY_CLOSED_ROUTE = 'API keys cannot be used here: billing and key and webhook management need a signed-in session';
export const KEY_READ_ONLY = 'This API key is read-only: this request needs a key with the write scope';
export const AUTH_REQUIRED = 'Authentication required';
export const TOKEN_REFUSED = 'Invalid or expired authentication token';

/**
 * Global guard, and the only reader of credentials on a route: a Firebase ID token (`Authorization: Bearer <JWT>`),
 * an API key (`Authorization: Bearer pf_…` or `X-API-Key`) and, where the route @Accepts one, a share token. What it
 * finds becomes `req.auth` (request-auth.ts); whether that caller may open a given report is requireReport's answer
 * (reports/report-access.ts). Every route needs a creator's credential unless marked @Public() (nothing is read) or
 * @Accepts() (a share token or nobody will do). A key reaches only the routes marked @KeyScope, within its scope.
 * Every refused credential counts towards the address's lockout, on every route that reads one.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly shareGrants: ShareGrants,
    private readonly counters: RedisThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const accepts = this.reflector.getAllAndOverride<AcceptedCallers | undefined>(ACCEPTS, targets) ?? {};

    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const shareToken = accepts.shareToken ? presentedShareToken(request, accepts.shareToken === 'header-or-query') : undefined;
    const share = async () => ({ sharePresented: shareToken !== undefined, share: shareToken === undefined ? null : await this.shareGrants.resolve(shareToken) });
    const credential = presentedCredential(request.headers);
    if (credential.kind === 'none') {
      // An Authorization header that is no bearer token at all: refused where a share token or nobody would do, so a
      // broken client hears that its credential is wrong rather than being served as a stranger.
      const mayGoWithout = accepts.anonymous || shareToken !== undefined;
      if (!mayGoWithout) throw new UnauthorizedException(AUTH_REQUIRED);
      if (request.headers.authorization !== undefined) throw new UnauthorizedException(TOKEN_REFUSED);
      request.auth = { how: shareToken !== undefined ? 'share' : 'anonymous', user: null, apiKey: null, scopes: [], ...(await share()) };
      return true;
    }
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
    if (lockedOut && shape.kind === 'malformed') return refuse(TOKEN_REFUSED);

    if (credential.kind === 'key') {
      const found = await this.authenticator.key(credential.key, request.ip);
      if (found.kind === 'refused') return refuse(KEY_REFUSED[found.reason]);
      const needed = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(KEY_SCOPE, targets);
      if (!needed) throw new ForbiddenException(KEY_CLOSED_ROUTE);
      if (!keyScopeAllows(found.auth.apiKey!.scope, needed)) throw new ForbiddenException(KEY_READ_ONLY);
      request.auth = { ...found.auth, ...(await share()) };
      return true;
    }

    const found = await this.authenticator.bearer(credential.authorization);
    if (found.kind === 'refused') {
      this.logger.debug(`rejected token: ${found.reason}`);
      return refuse(TOKEN_REFUSED);
    }
    request.auth = { ...found.auth, ...(await share()) };
    return true;
  }
}
