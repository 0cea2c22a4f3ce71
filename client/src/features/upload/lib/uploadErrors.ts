/**
 * Upload errors (docs/product.md, Errors), derived from what tus-js-client reports.
 */
import { isPaymentRequiredReason, type PaymentRequiredReason } from '../../../shared/api/paymentRequired';

export const UPLOAD_ERRORS = {
  invalidResponse: 'Invalid response format',
  network: 'Upload failed (network)',
  timeout: 'Upload timed out - please try again',
  cancelled: 'Upload was cancelled',
  authRequired: 'Authentication required',
  failed: (status: number) => `Upload failed: ${status}`,
} as const;

export const UPLOAD_TRIAL_EXPIRED_MESSAGE = 'Your trial has expired. Please upgrade to continue uploading.';

/** Upload time-out: 60 minutes. */
export const UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

export const uploadFailedToast = (name: string, reason: string) => `Failed to upload ${name}: ${reason}`;
/**
 * A file refused with 402: the item says only what happened to it; why (the billing state's one message) is said
 * once, in the payment-required dialog, not again in a toast and under the file.
 */
export const NOT_UPLOADED_PLAN_TEXT = 'Not uploaded: see the plan notice';

/** Why an upload ended, as the client knows it. */
export type UploadFailure =
  | { kind: 'cancelled' }
  | { kind: 'timeout' }
  | { kind: 'unauthenticated' }
  | { kind: 'invalid-response' }
  /** A tus error: `status` is absent when no response came back (network). */
  | { kind: 'tus'; status?: number; body?: string | null };

function messageFromBody(body: string | null | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    for (const value of [parsed.message, parsed.error]) {
      if (typeof value === 'string' && value.trim()) return value;
      if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(', ');
    }
  } catch {
    /* not JSON */
  }
  return undefined;
}

function reasonFromBody(body: string | null | undefined): PaymentRequiredReason | undefined {
  try {
    const reason = body ? (JSON.parse(body) as { reason?: unknown }).reason : undefined;
    return isPaymentRequiredReason(reason) ? reason : undefined;
  } catch {
    return undefined;
  }
}

export interface UploadErrorInfo {
  reason: string;
  status?: number;
  /** 402: the app's dialog shows `reason` with "See plans". */
  paymentRequired: boolean;
  /** The 402's reason code (free analysis used, or trial expired), when the server gave one. */
  paymentReason?: PaymentRequiredReason;
}

/** Maps a failure to the reason text of docs/product.md, Errors. */
export function describeUploadFailure(failure: UploadFailure): UploadErrorInfo {
  switch (failure.kind) {
    case 'cancelled':
      return { reason: UPLOAD_ERRORS.cancelled, paymentRequired: false };
    case 'timeout':
      return { reason: UPLOAD_ERRORS.timeout, paymentRequired: false };
    case 'unauthenticated':
      return { reason: UPLOAD_ERRORS.authRequired, paymentRequired: false, status: 401 };
    case 'invalid-response':
      return { reason: UPLOAD_ERRORS.invalidResponse, paymentRequired: false };
    case 'tus': {
      const { status } = failure;
      if (!status) return { reason: UPLOAD_ERRORS.network, paymentRequired: false };
      const message = messageFromBody(failure.body);
      if (status === 402) {
        const code = reasonFromBody(failure.body);
        return { reason: message ?? UPLOAD_TRIAL_EXPIRED_MESSAGE, status, paymentRequired: true, ...(code ? { paymentReason: code } : {}) };
      }
      if (status === 401) return { reason: message ?? UPLOAD_ERRORS.authRequired, status, paymentRequired: false };
      return { reason: message ?? UPLOAD_ERRORS.failed(status), status, paymentRequired: false };
    }
  }
}

/** The report id of a finished tus upload (the server answers `{ reportId }` on the last PATCH). */
export function parseUploadResponse(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { reportId?: unknown };
    return typeof parsed.reportId === 'string' && parsed.reportId ? parsed.reportId : null;
  } catch {
    return null;
  }
}
