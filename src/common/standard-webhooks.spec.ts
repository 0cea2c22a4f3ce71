import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { isStandardSecret, newWebhookSecret, standardSignature } from './standard-webhooks';

describe('Standard Webhooks secrets and signatures', () => {
  it('makes whsec_ + base64 of 32 random bytes, and tells standard secrets from the old hex ones and from junk', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(isStandardSecret(secret)).toBe(true);
    expect(isStandardSecret(`whsec_${randomBytes(24).toString('base64')}`)).toBe(true);
    expect(isStandardSecret(`whsec_${randomBytes(64).toString('base64')}`)).toBe(true);
    for (const bad of [
      `whsec_${randomBytes(32).toString('hex')}`, // the format before issue 43
      `whsec_${randomBytes(23).toString('base64')}`, // too short
      `whsec_${randomBytes(65).toString('base64')}`, // too long
      randomBytes(32).toString('base64'), // no prefix
      'whsec_not base64!',
      `whsec_${randomBytes(32).toString('base64').replace(/=+$/, '')}`, // not canonical (padding dropped)
    ]) {
      expect([bad, isStandardSecret(bad)]).toEqual([bad, false]);
    }
  });

  it('signs "id.timestamp.body" with the decoded key, as the standardwebhooks library does', () => {
    const secret = newWebhookSecret();
    const body = '{"id":"evt_1","type":"webhook.test","data":{"é":"🎬"}}';
    const at = Math.floor(Date.now() / 1000);
    const ours = standardSignature(secret, 'evt_1', at, body);
    expect(ours).toBe(new Webhook(secret).sign('evt_1', new Date(at * 1000), body));
    // Keyed with the bytes, not the text: an HMAC keyed with the secret's text is a different signature.
    expect(ours).not.toBe(`v1,${createHmac('sha256', secret).update(`evt_1.${at}.${body}`).digest('base64')}`);
  });
});
