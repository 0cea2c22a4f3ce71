import { CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';
import { MAX_UPLOAD_BYTES, tooLargeMessage } from '@preflight/shared';

/** Room for the multipart envelope around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * Refuses an oversized upload from its Content-Length before reading it, and words multer's own limit error
 * (a body without a length that grows past the limit) the way the spec does.
 */
@Injectable()
export class UploadSizeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const length = Number(context.switchToHttp().getRequest<Request>().headers['content-length'] ?? 0);
    if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw new PayloadTooLargeException(tooLargeMessage(length));
    return next.handle().pipe(
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof PayloadTooLargeException ? new PayloadTooLargeException(tooLargeMessage(Math.max(length, MAX_UPLOAD_BYTES + 1))) : error,
        ),
      ),
    );
  }
}
