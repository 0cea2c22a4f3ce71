import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { onPaymentRequired, type PaymentRequiredNotice } from '../shared/api/paymentRequired';
import type { PaymentRequiredNoticeDialog as NoticeDialog } from './PaymentRequiredNoticeDialog';

/**
 * The dialog (MUI's Dialog, with its transitions), loaded when the first notice comes: closed, a dialog renders nothing,
 * and the app shell every page loads first has no room for it. Should its chunk fail to load, the page goes on without
 * the dialog rather than failing whole (no error boundary holds the app shell).
 */
const PaymentRequiredNoticeDialog = lazy<ComponentType<ComponentProps<typeof NoticeDialog>>>(() =>
  import('./PaymentRequiredNoticeDialog').then(
    (m) => ({ default: m.PaymentRequiredNoticeDialog }),
    (error: unknown) => {
      console.error('The payment-required dialog failed to load', error);
      return { default: () => null };
    },
  ),
);

/**
 * Why the server refused an analysis (402): the free analysis is used, the trial ended or the paid plan ended, in the
 * app's own dialog with "See plans" to the pricing page (docs/product.md, Errors). Mounted once, in the app shell.
 */
export function PaymentRequiredDialog() {
  const [notice, setNotice] = useState<PaymentRequiredNotice | null>(null);
  // Once shown, the dialog stays mounted: it fades out as it closes.
  const [shown, setShown] = useState(false);
  useEffect(
    () =>
      onPaymentRequired((next) => {
        setShown(true);
        setNotice(next);
      }),
    [],
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PaymentRequiredNoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
