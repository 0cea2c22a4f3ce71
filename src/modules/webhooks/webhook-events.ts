import { randomBytes } from 'node:crypto';

/** The events a creator can subscribe an endpoint to (docs/api.md, Webhooks). */
export const WEBHOOK_EVENTS = ['analysis.completed', 'analysis.failed', 'share.opened', 'subscription.updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Send a test event" only, to the one endpoint, whatever it subscribes to. */
export const TEST_EVENT = 'webhook.test';

/** The JSON body of every delivery. `id` is the same on every attempt: receivers deduplicate with it. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT;
  created: number;
  data: Record<string, unknown>;
}

export function newEvent(type: WebhookEvent['type'], data: Record<string, unknown>, now = new Date()): WebhookEvent {
  return { id: `evt_${randomBytes(16).toString('hex')}`, type, created: Math.floor(now.getTime() / 1000), data };
}
