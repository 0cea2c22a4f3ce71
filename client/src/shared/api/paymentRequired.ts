/**
 * The 402 notice (issue 28, item 9): the app's own dialog says why an analysis was refused, with the way to a plan;
 * never the browser's alert. The API wrapper and the upload queue announce it here; PaymentRequiredDialog shows it.
 */

/** The server's machine-readable reason on a 402 (src/modules/subscriptions/trial-gate.service.ts). */
export type PaymentRequiredReason = 'trial_expired' | 'free_analysis_used';

export interface PaymentRequiredNotice {
  message: string;
  reason?: PaymentRequiredReason;
}

export const PAYMENT_REQUIRED_TITLES: Record<PaymentRequiredReason, string> = {
  trial_expired: 'Your trial has ended',
  free_analysis_used: 'Free analysis used',
};

export const isPaymentRequiredReason = (value: unknown): value is PaymentRequiredReason =>
  value === 'trial_expired' || value === 'free_analysis_used';

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
