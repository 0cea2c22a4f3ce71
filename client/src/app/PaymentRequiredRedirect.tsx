import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setPaymentRequiredHandler } from '../shared/api';

/** Lets the API wrapper's 402 handling navigate in-app to /pricing. */
export function PaymentRequiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => setPaymentRequiredHandler(() => navigate('/pricing')), [navigate]);
  return null;
}
