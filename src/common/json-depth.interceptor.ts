import { BadRequestException, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { prototypeKeyPath } from './json-body';

/** No request body we accept is deeper than a few levels; validation libraries recurse, so deep bodies stop here. */
export const MAX_JSON_DEPTH = 32;

/** Depth of a parsed JSON value, measured without recursion so a hostile body cannot exhaust the stack. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Refuses JSON bodies nested deeper than MAX_JSON_DEPTH with a 400 before any pipe walks them, then (on a body now known
 * to be shallow) prototype keys, in the validation pipe's words for an unknown field.
 */
@Injectable()
export class JsonDepthInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = request.body as unknown;
    if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      throw new BadRequestException(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
    }
    // Stripe's events carry metadata and object fields we do not name: they are signed, read by field, never merged.
    const prototypeKey = request.path.startsWith('/api/webhooks/') ? null : prototypeKeyPath(body);
    if (prototypeKey !== null) throw new BadRequestException(`property ${prototypeKey} should not exist`);
    return next.handle();
  }
}
