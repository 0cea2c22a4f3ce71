import { lazy, Suspense, useEffect, useState } from 'react';
import { onPaymentRequired, type PaymentRequiredNotice } from '../shared/api/paymentRequired';

const PaymentRequiredDialog = lazy(() => import('./PaymentRequiredDialog').then((m) => ({ default: m.PaymentRequiredDialog })));

/** Mounted once in the app shell: listens for the API's 402 and shows the dialog, fetched on first use. */
export function PaymentRequiredNotices() {
  const [notice, setNotice] = useState<PaymentRequiredNotice | null>(null);
  useEffect(() => onPaymentRequired(setNotice), []);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <PaymentRequiredDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
