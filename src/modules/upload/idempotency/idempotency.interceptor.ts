import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { discardRequestBody } from '../../../common/discard-body';
import type { AuthedRequest } from '../../auth';
import { IdempotencyStore } from './idempotency-store';

/** A replayed request's own upload is not needed: read up to this much so the client gets the answer, then cut off. */
const REPLAY_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * Idempotency-Key on a JSON-answering POST (the multipart upload). Listed before the trial gate, so a retry of an
 * upload that used the free analysis gets the first answer, not a 402, and before the file interceptor, so a replay
 * stores nothing.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const key = IdempotencyStore.keyOf(request.headers['idempotency-key']);
    const user = request.auth?.user;
    if (!key || !user) return next.handle();
    const route = `${request.method} ${request.route?.path ?? request.path}`;
    const begun = await this.store.begin(user.id, key, route).catch(async (error: unknown) => {
      await discardRequestBody(request, REPLAY_DRAIN_BYTES);
      throw error;
    });
    if (begun.kind === 'replay') {
      await discardRequestBody(request, REPLAY_DRAIN_BYTES);
      context.switchToHttp().getResponse<Response>().status(begun.answer.status).setHeader('Idempotent-Replayed', 'true');
      return of(JSON.parse(begun.answer.body) as unknown);
    }
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap((body) => from(begun.complete({ status: response.statusCode, headers: {}, body: JSON.stringify(body) }).then(() => body))),
      // A failed or cut-off request changed nothing: free the key so the retry runs.
      catchError((error: unknown) => from(begun.release()).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
