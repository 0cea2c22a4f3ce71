import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { startListeningApi } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { STANDIN_CLIENT, startGoogleStandIn, type GoogleStandIn } from '../support/google-standin';
import { STANDIN_KEYS, startStripeStandIn, type StripeStandIn } from '../support/stripe/stripe-standin';

jest.setTimeout(180_000);

/**
 * Issue 43.1: every absolute URL the API writes is on the configured public origin, whatever Host and forwarded
 * headers the request carries. The requests come from the test, which is the one trusted proxy hop (TRUST_PROXY=1, as
 * behind a load balancer), so a forwarded header is as believable as it can be.
 */
const HOSTILE: Array<[string, Record<string, string>]> = [
  ['Host: evil.example', { Host: 'evil.example' }],
  ['Host: evil.example/#', { Host: 'evil.example/#' }],
  ['Host: a@evil.example', { Host: 'a@evil.example' }],
  ['Host with a port', { Host: 'evil.example:8443' }],
  ['Host: localhost:3000.evil.example', { Host: 'localhost:3000.evil.example' }],
  ['Host: [::1]:1@evil.example', { Host: '[::1]:1@evil.example' }],
  ['X-Forwarded-Host', { 'X-Forwarded-Host': 'evil.example' }],
  ['X-Forwarded-Proto: javascript', { 'X-Forwarded-Proto': 'javascript' }],
  ['X-Forwarded-Proto: javascript and a forwarded host', { 'X-Forwarded-Proto': 'javascript', 'X-Forwarded-Host': 'evil.example' }],
  ['X-Forwarded-Proto listing javascript after https', { 'X-Forwarded-Proto': 'https, javascript' }],
  ['X-Forwarded-Proto: data', { 'X-Forwarded-Proto': 'data', Host: 'text/html,<script>alert(1)</script>' }],
  ['Forwarded (RFC 7239)', { Forwarded: 'for=198.51.100.1;host=evil.example;proto=javascript' }],
  ['X-Forwarded-Port and -Server', { 'X-Forwarded-Port': '6666', 'X-Forwarded-Server': 'evil.example', 'X-Forwarded-Prefix': '//evil.example' }],
  ['X-Original-Host, X-Host, X-Original-URL', { 'X-Original-Host': 'evil.example', 'X-Host': 'evil.example', 'X-Original-URL': '//evil.example/', 'X-Rewrite-URL': '//evil.example/' }],
];

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

describe.each([
  ['PUBLIC_URL unset (the local address)', undefined],
  ['PUBLIC_URL set', 'https://preflight.example.com'],
])('absolute URLs come from the configured origin only: %s', (_name, publicUrl) => {
  const stripeEnv = { STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey, STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret, STRIPE_API_BASE: '' };
  const googleEnv = { GOOGLE_OAUTH_CLIENT_ID: STANDIN_CLIENT.id, GOOGLE_OAUTH_CLIENT_SECRET: STANDIN_CLIENT.secret, GOOGLE_API_BASE: '', TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  let api: NestExpressApplication;
  let baseUrl: string;
  let origin: string;
  let stripe: StripeStandIn;
  let google: GoogleStandIn;
  let creator: TestUser;
  let subscriber: TestUser;
  let client = 0;

  /** A request exactly as written (Node's client would otherwise set Host itself), from its own client address. */
  function send(method: string, path: string, headers: Record<string, string>, user: TestUser): Promise<Answer> {
    const target = new URL(path, baseUrl);
    const all: Record<string, string> = { Host: target.host, 'X-Forwarded-For': `203.0.113.${(client = (client % 250) + 1)}`, Authorization: `Bearer ${user.idToken}`, ...headers };
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method, headers: all, setHost: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  const json = (answer: Answer) => {
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body) as Record<string, string>;
  };

  /** The URL is on the configured origin, and nothing of the hostile headers shows anywhere in it. */
  function expectOnOrigin(url: string, path: string): void {
    expect(url.startsWith(`${origin}/`)).toBe(true);
    expect(new URL(url).origin).toBe(origin);
    expect(new URL(url).pathname).toBe(path);
    expect(url).not.toMatch(/evil|javascript|script|6666/);
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ ...STANDIN_KEYS });
    google = await startGoogleStandIn();
    Object.assign(process.env, stripeEnv, { STRIPE_API_BASE: stripe.baseUrl }, googleEnv, { GOOGLE_API_BASE: google.baseUrl });
    if (publicUrl) process.env.PUBLIC_URL = publicUrl;
    else delete process.env.PUBLIC_URL;
    ({ api, baseUrl } = await startListeningApi());
    stripe.webhookUrl = `${baseUrl}/api/webhooks/stripe`;
    origin = api.get<AppConfig>(APP_CONFIG).publicOrigin;
    // The test env sets no PORT: the development default is the local address on the default port.
    expect(origin).toBe(publicUrl ?? 'http://localhost:3000');
    [creator, subscriber] = await Promise.all([createTestUser('Origin Creator'), createTestUser('Origin Subscriber')]);
    // A plan, so the Billing Portal opens for the subscriber.
    const checkout = json(await send('POST', '/api/subscription/checkout-session', {}, subscriber));
    await stripe.completeCheckout(checkout.url.split('/checkout/')[1]);
  });

  afterAll(async () => {
    for (const key of [...Object.keys(stripeEnv), ...Object.keys(googleEnv), 'PUBLIC_URL']) delete process.env[key];
    await api?.close();
    await stripe?.close();
    await google?.close();
  });

  it.each(HOSTILE)("Google's redirect_uri (POST /api/youtube/connection/start) with %s", async (_case, headers) => {
    const { authorization_url } = json(await send('POST', '/api/youtube/connection/start', headers, creator));
    expect(authorization_url.startsWith(`${google.baseUrl}/o/oauth2/v2/auth?`)).toBe(true);
    expectOnOrigin(new URL(authorization_url).searchParams.get('redirect_uri')!, '/app/settings/youtube');
  });

  it.each(HOSTILE)("Stripe Checkout's return URLs (POST /api/subscription/checkout-session) with %s", async (_case, headers) => {
    const { url } = json(await send('POST', '/api/subscription/checkout-session', headers, creator));
    const session = stripe.sessions.get(url.split('/checkout/')[1])!;
    expectOnOrigin(session.success_url!, '/app/billing');
    expect(new URL(session.success_url!).search).toBe('?checkout=success');
    expectOnOrigin(session.cancel_url!, '/app/pricing');
    expect(new URL(session.cancel_url!).search).toBe('?checkout=cancelled');
  });

  it.each(HOSTILE)("the Billing Portal's return URL (POST /api/subscription/create-portal-session) with %s", async (_case, headers) => {
    const { url } = json(await send('POST', '/api/subscription/create-portal-session', headers, subscriber));
    // The stand-in's portal page links back to the return URL it was given, as Stripe's does.
    const page = await (await fetch(url)).text();
    const back = /href="([^"]+)">Return to Preflight/.exec(page)![1].replaceAll('&amp;', '&');
    expectOnOrigin(back, '/app/billing');
  });

  it.each(HOSTILE)('the resumable upload and the root redirect stay relative (POST /api/upload/tus, GET /) with %s', async (_case, headers) => {
    const created = await send('POST', '/api/upload/tus', { ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}` }, creator);
    expect([created.status, created.body]).toEqual([201, ""]);
    expect(created.location).toMatch(/^\/api\/upload\/tus\/[0-9a-f]{32}$/);
    const root = await send('GET', '/', headers, creator);
    expect(root.status).toBe(302);
    expect(root.location).toBe('/app/');
  });
});
