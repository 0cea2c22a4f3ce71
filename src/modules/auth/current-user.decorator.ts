import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiKey } from '../api-keys';
import type { User } from '../users';

/** `user`: the creator, set by the auth guard; `apiKey`: the key the request came with (absent for a browser session). */
export type AuthedRequest = Request & { user?: User; apiKey?: ApiKey };

/** The signed-in creator, set by the auth guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  const user = ctx.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route the auth guard did not run on');
  return user;
});
