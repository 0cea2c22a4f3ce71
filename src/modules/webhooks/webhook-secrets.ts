import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { newWebhookSecret, PREVIOUS_SECRET_GRACE_MS } from '../../common/standard-webhooks';

type Secrets = Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'secretReplacedAt'>;

/** The secrets that sign a delivery now: the current one, and the previous one while its grace lasts. */
export function signingSecrets(endpoint: Secrets, now: Date): string[] {
  const previousValid = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/**
 * A rotation: a new current secret, and the one the receiver holds kept signing for 24 h. That is the current secret,
 * unless Preflight replaced it itself (the creator never saw it): then the receiver still holds the previous one.
 */
export function rotated(endpoint: Secrets, now: Date): Secrets {
  const receiverHolds = endpoint.secretReplacedAt && endpoint.previousSecret ? endpoint.previousSecret : endpoint.secret;
  return {
    secret: newWebhookSecret(),
    previousSecret: receiverHolds,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
    secretReplacedAt: null,
  };
}

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the endpoint's page says about its secrets, or null when only the creator's own current secret signs. */
export function secretNotice(endpoint: Secrets, now: Date): string | null {
  const until = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  if (endpoint.secretReplacedAt) {
    return (
      `Preflight replaced this endpoint's signing secret on ${minute(endpoint.secretReplacedAt)}: it was not a Standard Webhooks secret (whsec_ and the base64 of random bytes). ` +
      (until ? `The old secret still signs deliveries until ${minute(until)}. ` : 'The old secret no longer signs deliveries. ') +
      'Rotate the secret to get a new one, and put it in your receiver.'
    );
  }
  return until ? `The previous secret also signs deliveries until ${minute(until)}: put the new one in your receiver before then.` : null;
}
