import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './outage';

/** The JSON body of every error: the client shows `message` (docs/product.md, Errors). */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /**
   * A machine-readable cause where a page acts on it (e.g. `b_analysing` on a comparison's 409), so clients never
   * parse `message`, which is for people. Thrown as `new ConflictException({ message, reason })`.
   */
  reason?: string;
  requestId?: string;
}

/** The exception's `reason`, when it gave one (snake_case only: nothing else of the exception leaks). */
export function reasonOf(response: unknown): string | undefined {
  const reason = response && typeof response === 'object' && 'reason' in response ? (response as { reason: unknown }).reason : undefined;
  return typeof reason === 'string' && /^[a-z][a-z_]{0,40}$/.test(reason) ? reason : undefined;
}

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const message = (response as { message: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') return message;
  }
  return fallback;
}

/** Turns every thrown error into { statusCode, message, error, requestId }; unexpected errors are logged, never leaked. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request & { id?: string }>();

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Internal server error';
    let reason: string | undefined;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = messageOf(exception.getResponse(), exception.message);
      reason = reasonOf(exception.getResponse());
    } else if (isDatabaseUnavailable(exception)) {
      // An outage, not a bug: the client is told to come back, and the log gets one line, not a stack per request.
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = 'The service is briefly unavailable (its database cannot be reached). Please try again in a moment.';
      reason = 'database_unavailable';
      this.logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    // Every 503 says when to come back (RFC 9110 §10.2.3); a handler that set its own value keeps it.
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !response.getHeader('Retry-After')) response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    const body: ErrorBody = {
      statusCode: status,
      message,
      error: HttpStatus[status] ?? 'Error',
      ...(reason ? { reason } : {}),
      requestId: request.id === undefined ? undefined : String(request.id),
    };
    response.status(status).json(body);
  }
}
