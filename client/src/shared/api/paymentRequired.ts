/**
 * The 402 notice (issue 28, item 9): the app's own dialog says why an analysis was refused, with the way to a plan;
 * never the browser's alert. The API wrapper and the upload queue announce it here; PaymentRequiredDialog shows it.
 */
import { billingMessage, STATE_OF_PAYMENT_REASON, type PaymentRequiredReason } from '@preflight/shared';

/** The server's machine-readable reason on a 402 (src/modules/subscriptions/trial-gate.service.ts). */
export type { PaymentRequiredReason };

export interface PaymentRequiredNotice {
  message: string;
  reason?: PaymentRequiredReason;
}

/** Each reason's title is its billing state's (packages/shared/src/rules/billing-state.ts), the one table of words. */
export const PAYMENT_REQUIRED_TITLES: Record<PaymentRequiredReason, string> = {
  trial_expired: billingMessage(STATE_OF_PAYMENT_REASON.trial_expired).title,
  free_analysis_used: billingMessage(STATE_OF_PAYMENT_REASON.free_analysis_used).title,
  plan_ended: billingMessage(STATE_OF_PAYMENT_REASON.plan_ended).title,
};

export const isPaymentRequiredReason = (value: unknown): value is PaymentRequiredReason =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(STATE_OF_PAYMENT_REASON, value);

/** The dialog's title: the reason's, or the trial's for an answer that gave none (older servers). */
export const paymentRequiredTitle = (notice: PaymentRequiredNotice): string => PAYMENT_REQUIRED_TITLES[notice.reason ?? 'trial_expired'];

type Listener = (notice: PaymentRequiredNotice) => void;
const listeners = new Set<Listener>();

/** Shows the notice in the mounted dialog (several 402s at once, e.g. an Upload All, show one). */
export function showPaymentRequired(notice: PaymentRequiredNotice): void {
  for (const listener of listeners) listener(notice);
}

/** The dialog listens while mounted; returns the unsubscribe. */
export function onPaymentRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
