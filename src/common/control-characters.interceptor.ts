import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { FREE_TEXT_FIELDS, refuseControlCharacters } from './control-characters';

/**
 * Refuses control characters (src/common/control-characters.ts) in every request's path parameters, query string and
 * JSON body, once, before any pipe or handler sees them: 400 naming the field. Multipart text fields are not parsed
 * yet here (multer reads them with the file, in the route's own interceptor): the upload checks them with the same
 * rule before it reads them (UploadService.accept), where a refused upload's file is deleted.
 */
@Injectable()
export class ControlCharactersInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    refuseControlCharacters(request.params);
    refuseControlCharacters(request.query);
    // Stripe's signed events are read by field and checked there (its ids and types are printable ASCII only); a
    // description of Stripe's may hold a line break.
    if (!request.path.startsWith('/api/webhooks/')) {
      refuseControlCharacters(request.body, this.reflector.get<string[] | undefined>(FREE_TEXT_FIELDS, context.getHandler()) ?? []);
    }
    return next.handle();
  }
}
