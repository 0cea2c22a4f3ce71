import { CanActivate, ExecutionContext, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InvalidTokenError, TokenVerifier } from '../../infra/firebase/token-verifier';
import { UsersService } from '../../modules/users/users.service';
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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;

    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedException('Authentication required');
    try {
      const identity = await this.verifier.verify(token);
      request.user = await this.users.upsertFromIdentity(identity);
      return true;
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      this.logger.debug(`rejected token: ${error.message}`);
      throw new UnauthorizedException('Invalid or expired authentication token');
    }
  }
}
