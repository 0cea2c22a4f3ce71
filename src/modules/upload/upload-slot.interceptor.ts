import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { AuthedRequest } from '../auth';
import { UploadSlots } from './upload-slots';

/** A multipart upload takes one of its creator's upload slots before its body is read (429 when none is left). */
@Injectable()
export class UploadSlotInterceptor implements NestInterceptor {
  constructor(private readonly slots: UploadSlots) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const user = http.getRequest<AuthedRequest>().auth?.user;
    if (user) this.slots.take(user.id, http.getResponse<Response>());
    return next.handle();
  }
}
