/**
 * Telling "a dependency is away" from "this request is wrong": an unreachable PostgreSQL is an outage (503, try again
 * later), not a bug (500). Node's socket errors, pg's connection messages and PostgreSQL's own codes for "connection
 * lost" (class 08) and "shutting down / starting up" (57P01–57P03) all count; TypeORM wraps them in QueryFailedError
 * (driverError), so the wrapped error is looked at too.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_CLIENT_MESSAGES = [/^Connection terminated/i, /^timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /^terminating connection/i];

/** Seconds a client is told to wait before retrying while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause, errors } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || POSTGRES_UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError: Node tries every address of localhost (::1, 127.0.0.1) and reports them together.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
