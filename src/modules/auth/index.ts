// The front door of the auth module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { Accepts } from './accepts.decorator';
export type { AcceptedCallers } from './accepts.decorator';
export { AUTH_REQUIRED } from './auth.guard';
export { Authenticator } from './authenticator';
export { Auth, creatorOf, CurrentUser, ShareGrants } from './request-auth';
export type { AuthedRequest, AuthMethod, RequestAuth, ShareGrant } from './request-auth';
export { API_KEY_SECURITY, KeyScope, KeysMayRead, NeedsWriteKey } from './key-scope.decorator';
export { Public } from './public.decorator';
export { TokenVerifier } from './token-verifier';
export type { Authentication, VerifiedIdentity } from './token-verifier';
