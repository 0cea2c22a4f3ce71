import type { AuthUser } from './types';

/** The name a creator is greeted by: their display name, or "Creator" when they have none. */
export const displayNameOf = (user: Pick<AuthUser, 'displayName'>) => user.displayName?.trim() || 'Creator';
