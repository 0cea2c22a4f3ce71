import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiKey, ApiKeyScope } from '../api-keys';
import type { User } from '../users';

/** How the caller proved who they are: `session` is the page session cookie (server-rendered pages only). */
export type AuthMethod = 'session' | 'bearer' | 'api_key' | 'share' | 'anonymous';

/** What a valid share token lets its holder do: which report (or comparison) it opens, and how. */
export interface ShareGrant {
  linkId: string;
  reportId: string;
  /** Cut B when the link opens a comparison (reportId is cut A); null for a link of one report. */
  compareReportId: string | null;
  allowDownload: boolean;
  showSensitiveData: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Who is calling, as the auth guard (auth.guard.ts) found it: the one place any route learns it. A share token rides
 * along with a creator's credential (a creator may open another's shared report), so `share` is set whatever `how` is.
 */
export interface RequestAuth {
  how: AuthMethod;
  /** The creator, for a session, a bearer token or an API key; null for a share token alone or nobody. */
  user: User | null;
  /** The API key the request came with (how === 'api_key'). */
  apiKey: ApiKey | null;
  /** What the credential may do: a signed-in creator both, a key its scope, a share token or nobody neither. */
  scopes: readonly ApiKeyScope[];
  /** Whether a share token was presented (on a route that accepts one), valid or not. */
  sharePresented: boolean;
  /** The live link that share token opens; null when none was presented or it opens nothing. */
  share: ShareGrant | null;
}

/** `auth`: set by the auth guard on every route that is not @Public(). */
export type AuthedRequest = Request & { auth?: RequestAuth };

/**
 * Turns a share token into what it grants (implemented by the reports module's ShareService, which owns the links
 * table): auth does not import reports, reports provides this to the guard.
 */
export abstract class ShareGrants {
  abstract resolve(token: string | undefined | null): Promise<ShareGrant | null>;
}

/** The caller of this request, as the auth guard found it. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestAuth => {
  const auth = ctx.switchToHttp().getRequest<AuthedRequest>().auth;
  if (!auth) throw new Error('Auth used on a route the auth guard did not run on');
  return auth;
});

/** The signed-in creator, set by the auth guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  const user = ctx.switchToHttp().getRequest<AuthedRequest>().auth?.user;
  if (!user) throw new Error('CurrentUser used on a route the auth guard did not run on');
  return user;
});

/** The creator behind `auth`, on a route that needs one (the guard let nobody else in). */
export function creatorOf(auth: RequestAuth): User {
  if (!auth.user) throw new Error('a creator-only route was reached without a creator');
  return auth.user;
}
