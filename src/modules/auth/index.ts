// The front door of the auth module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { CurrentUser } from './current-user.decorator';
export type { AuthedRequest } from './current-user.decorator';
export { API_KEY_SECURITY, KeyScope, NeedsWriteKey } from './key-scope.decorator';
export { presentedCredential } from './presented-credentials';
export { Public } from './public.decorator';
export { TokenVerifier } from './token-verifier';
export type { Authentication, VerifiedIdentity } from './token-verifier';
