import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setPaymentRequiredHandler } from '../shared/api';

/** Lets the API wrapper's 402 handling navigate in-app to /pricing. */
export function PaymentRequiredRedirect() {
  const navigate = useNavigate();
  // In-app navigation: nothing waits for it (react-router settles it itself).
  useEffect(() => setPaymentRequiredHandler(() => void navigate('/pricing')), [navigate]);
  return null;
}
