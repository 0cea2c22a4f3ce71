import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { AuthedRequest } from '../auth';
import { TrialGateService } from './trial-gate.service';

/**
 * 402 before a byte of the upload is read, and the connection closed (closeRefusedUploads): reading 32 MB of the body
 * first let a refused creator trickle it and hold the connection. Listed before the file interceptor; the upload
 * service checks again inside the transaction that creates the report (two tabs at once).
 */
@Injectable()
export class TrialGateInterceptor implements NestInterceptor {
  constructor(private readonly gate: TrialGateService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const user = request.auth?.user;
    if (user) await this.gate.assertMayAnalyze(user.id);
    return next.handle();
  }
}
