import { createCheckoutSession, createPortalSession, getSubscriptionStatus, type SubscriptionStatusDto } from '@preflight/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { leaveApp } from './leaveApp';

export type SubscriptionStatusData = SubscriptionStatusDto;
export const subscriptionStatusKey = ['subscription', 'status'] as const;

/** GET /api/subscription/status, only when a user is signed in (on billing load when a user is present). */
export function useSubscriptionStatus({ pollMs }: { pollMs?: number | false } = {}) {
  const { state } = useAuth();
  return useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: async () => (await getSubscriptionStatus({ throwOnError: true })).data,
    enabled: state.status === 'signedIn',
    staleTime: 0,
    refetchInterval: pollMs ?? false,
  });
}

/** POST /api/subscription/checkout-session, then the browser goes to Stripe Checkout. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async () => (await createCheckoutSession({ throwOnError: true })).data.url,
    onSuccess: (url) => leaveApp(url),
  });
}

/** POST /api/subscription/create-portal-session, then the browser goes to the Billing Portal. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => (await createPortalSession({ throwOnError: true })).data.url,
    onSuccess: (url) => leaveApp(url),
  });
}
