import type { DecodedIdToken } from 'firebase-admin/auth';

/** Who a verified Firebase ID token says the caller is: what a user row is created from (auth verifies, users keeps). */
export type VerifiedIdentity = Pick<DecodedIdToken, 'uid' | 'email' | 'name'>;
