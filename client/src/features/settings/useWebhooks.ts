import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendWebhookTest,
  type CreateWebhookEndpointDto,
  type WebhookEndpointCreatedDto,
} from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const webhooksKey = ['settings', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => ['settings', 'webhooks', endpointId, 'deliveries'] as const;

export const WEBHOOK_EVENT_CHOICES = [
  { value: 'analysis.completed', label: 'Analysis completed' },
  { value: 'analysis.failed', label: 'Analysis failed' },
  { value: 'share.opened', label: 'Share link opened' },
  { value: 'subscription.updated', label: 'Subscription updated' },
] as const;
export type WebhookEventValue = (typeof WEBHOOK_EVENT_CHOICES)[number]['value'];

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhooksKey, queryFn: async () => (await listWebhookEndpoints({ throwOnError: true })).data });
}

/** The delivery log of one endpoint, refreshed while open (deliveries settle in the background). */
export function useWebhookDeliveries(endpointId: string, open: boolean) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: async () => (await listWebhookDeliveries({ path: { endpointId }, throwOnError: true })).data,
    enabled: open,
    refetchInterval: open ? 3000 : false,
  });
}

export function useWebhookActions() {
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: webhooksKey });
  return {
    create: useMutation({
      mutationFn: async (body: CreateWebhookEndpointDto): Promise<WebhookEndpointCreatedDto> => (await createWebhookEndpoint({ body, throwOnError: true })).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (endpointId: string) => {
        await deleteWebhookEndpoint({ path: { endpointId }, throwOnError: true });
      },
      onSuccess: refresh,
    }),
    enable: useMutation({ mutationFn: async (endpointId: string) => (await enableWebhookEndpoint({ path: { endpointId }, throwOnError: true })).data, onSuccess: refresh }),
    /** A new signing secret (answered once); the previous one keeps signing for 24 h. */
    rotate: useMutation({
      mutationFn: async (endpointId: string): Promise<WebhookEndpointCreatedDto> => (await rotateWebhookSecret({ path: { endpointId }, throwOnError: true })).data,
      onSuccess: refresh,
    }),
    test: useMutation({ mutationFn: async (endpointId: string) => (await sendWebhookTest({ path: { endpointId }, throwOnError: true })).data, onSuccess: refresh }),
  };
}
