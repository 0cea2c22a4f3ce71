import { SetMetadata } from '@nestjs/common';

export const ACCEPTS = 'authAccepts';

/**
 * What a route accepts besides a creator's credential (a bearer token or, where @KeyScope says so, an API key):
 * - `anonymous`: nobody at all reaches the handler (the public sample reports); a credential that is presented is
 *   still checked, and refused with 401 like anywhere else;
 * - `shareToken`: the guard reads a share token from X-Share-Token (and from the `?share=` query when `'header-or-query'`)
 *   into `req.auth.share`. Which report it opens is decided by requireReport, not here.
 */
export interface AcceptedCallers {
  anonymous?: boolean;
  shareToken?: 'header' | 'header-or-query';
}

export const Accepts = (callers: AcceptedCallers) => SetMetadata(ACCEPTS, callers);
