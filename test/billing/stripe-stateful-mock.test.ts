import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { STANDIN_KEYS } from '../support/stripe/stripe-standin';
import { CREATOR_PRO_PRICE } from '../../src/modules/subscriptions/creator-pro-price';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(120_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The billing calls against stripe-stateful-mock (npm), a Stripe mock nobody here wrote, where it covers them:
 * customers (create, retrieve), products (create), prices (create, list), subscriptions (retrieve; created here
 * through its API). It has no Checkout, no Billing Portal, no trials and sends no events: those stay with the
 * in-house stand-in (subscriptions.test.ts). Here the API's checkout request runs every call up to the Checkout
 * session against the mock (and answers 502 when the mock has no Checkout), and a webhook signed with the API's
 * secret names a subscription that lives on the mock, which the API retrieves from it.
 */
describe('billing calls against stripe-stateful-mock (customers, products, prices, subscriptions)', () => {
  let mock: ChildProcess;
  let mockUrl: string;
  let client: Stripe;
  let api: NestExpressApplication;
  let db: DataSource;
  const stripeEnv = { STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey, STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret };

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const customerOf = async (user: TestUser) =>
    ((await db.query('SELECT s.stripe_customer_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.firebase_uid = $1', [user.uid])) as {
      stripe_customer_id: string;
    }[])[0]?.stripe_customer_id;
  const signedWebhook = (event: object) => {
    const payload = JSON.stringify(event);
    const signature = client.webhooks.generateTestHeaderString({ payload, secret: STANDIN_KEYS.webhookSecret });
    return http().post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
  };

  beforeAll(async () => {
    const port = await freePort();
    mockUrl = `http://127.0.0.1:${port}`;
    mock = spawn(process.execPath, [join(__dirname, '..', '..', 'node_modules', 'stripe-stateful-mock', 'dist', 'cli.js')], {
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUntil(() => fetch(`${mockUrl}/`).then((res) => res.status < 500, () => false), 'stripe-stateful-mock', 60_000, 100);
    client = new Stripe(STANDIN_KEYS.secretKey, { host: '127.0.0.1', port, protocol: 'http' });
    Object.assign(process.env, stripeEnv, { STRIPE_API_BASE: mockUrl });
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
  });

  afterAll(async () => {
    for (const key of [...Object.keys(stripeEnv), 'STRIPE_API_BASE']) delete process.env[key];
    await api?.close();
    if (mock && mock.exitCode === null) {
      const exited = new Promise((resolve) => mock.once('exit', resolve));
      mock.kill();
      await exited;
    }
  });

  it('checkout creates the customer and the Creator Pro price on the mock, reuses both, and answers 502 where the mock has no Checkout', async () => {
    const user = await createTestUser('Mock Customer');
    const first = await http().post('/api/subscription/checkout-session').set(as(user)).expect(502);
    expect(first.body.message).toMatch(/payment provider/i);
    const customerId = await customerOf(user);
    const customer = await client.customers.retrieve(customerId);
    expect(customer).toMatchObject({ id: customerId, object: 'customer' });
    expect(customer.deleted ? null : customer.metadata).toMatchObject({ userId: expect.any(String) });

    const prices = await client.prices.list({ limit: 100 });
    const creatorPro = prices.data.filter((price) => price.lookup_key === CREATOR_PRO_PRICE.lookupKey);
    expect(creatorPro).toHaveLength(1);
    expect(creatorPro[0]).toMatchObject({ unit_amount: 9900, currency: 'gbp', recurring: { interval: 'month' }, active: true });

    // Again: the customer is retrieved and reused, the price is kept by the API process (no second one).
    await http().post('/api/subscription/checkout-session').set(as(user)).expect(502);
    expect(await customerOf(user)).toBe(customerId);
    const customers = await client.customers.list({ limit: 100 });
    expect(customers.data.filter((c) => c.id === customerId)).toHaveLength(1);
    expect((await client.prices.list({ limit: 100 })).data.filter((price) => price.lookup_key === CREATOR_PRO_PRICE.lookupKey)).toHaveLength(1);
  });

  it('a webhook about a subscription on the mock: the API retrieves it there and the creator is on Creator Pro', async () => {
    const user = await createTestUser('Mock Subscriber');
    await http().post('/api/subscription/checkout-session').set(as(user)).expect(502);
    const customer = await customerOf(user);
    const [{ id: userId }] = (await db.query('SELECT id FROM users WHERE firebase_uid = $1', [user.uid])) as { id: string }[];
    const price = (await client.prices.list({ limit: 100 })).data.find((p) => p.lookup_key === CREATOR_PRO_PRICE.lookupKey)!;
    // The mock builds every subscription item from a plan (Stripe's older model), even given a price: a plan of the
    // same id and amount first, then both named (Stripe itself takes one or the other).
    const product = typeof price.product === 'string' ? price.product : price.product.id;
    await client.plans.create({ id: price.id, product, currency: price.currency, interval: 'month', amount: price.unit_amount! });
    const subscription = await client.subscriptions.create({ customer, items: [{ plan: price.id, price: price.id }], metadata: { userId } });

    const event = { id: `evt_mock_${Date.now()}`, object: 'event', type: 'customer.subscription.created', created: Math.floor(Date.now() / 1000), data: { object: subscription } };
    expect((await signedWebhook(event).expect(200)).body).toEqual({ received: true, duplicate: false });
    const status = (await http().get('/api/subscription/status').set(as(user)).expect(200)).body;
    expect(status).toMatchObject({ status: 'active', planType: 'creator_pro', analysesLeft: null });
    const [row] = await db.query('SELECT stripe_subscription_id, stripe_customer_id FROM subscriptions WHERE user_id = $1', [userId]);
    expect(row).toEqual({ stripe_subscription_id: subscription.id, stripe_customer_id: customer });
  });

  it('a webhook about a subscription the mock does not have (its 404) is acknowledged and ignored', async () => {
    const event = { id: `evt_mock_missing_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_not_on_the_mock', object: 'subscription' } } };
    expect((await signedWebhook(event).expect(200)).body).toEqual({ received: true, duplicate: false });
  });
});
