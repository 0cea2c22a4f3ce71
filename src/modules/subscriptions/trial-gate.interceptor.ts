import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { AuthedRequest } from '../auth/current-user.decorator';
import { discardRequestBody } from '../../common/discard-body';
import { TrialGateService } from './trial-gate.service';

/** A small refused upload is read to the end so the client sees the 402; a large one is cut off. */
const EARLY_REFUSAL_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * 402 before a byte of the upload is read. Listed before the file interceptor so a refused user does not send
 * 2 GB first; the upload service checks again inside the transaction that creates the report (two tabs at once).
 */
@Injectable()
export class TrialGateInterceptor implements NestInterceptor {
  constructor(private readonly gate: TrialGateService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (request.user) {
      try {
        await this.gate.assertMayAnalyze(request.user.id);
      } catch (error) {
        await discardRequestBody(request, EARLY_REFUSAL_DRAIN_BYTES);
        throw error;
      }
    }
    return next.handle();
  }
}
