/**
 * Request budgets. Generous for people (a creator's browser polls status every 5 s; a report page is a handful of
 * calls), tight enough that a script cannot flood the API, scan share tokens or guess tokens.
 */
export const RATE_LIMITS = {
  /** Signed-in calls to /api, per creator (not per IP: an agency's office shares one address). */
  apiPerUserPerMinute: 1200,
  /**
   * Calls to /api made with an API key, per key (each key its own budget, apart from the creator's browser): a
   * server polls less than a person's tabs, and a leaked key in a loop is held to this.
   */
  apiPerKeyPerMinute: 600,
  /** Calls to /public (share-token lookups, PDF), per client IP. */
  publicPerIpPerMinute: 120,
  /**
   * Refused credentials of one shape (a JWT's issuer, audience and subject; a key's prefix; "malformed") per client IP
   * before that shape is answered 429 for the rest of the window. Credentials that verify are never refused.
   */
  failedAuthPerIpPer10Minutes: 30,
} as const;

export const MINUTE_MS = 60_000;
export const TEN_MINUTES_MS = 10 * MINUTE_MS;
