import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeVideo } from '../../scripts/media/generate';
import { STANDIN_KEYS, startStripeStandIn, type StripeStandIn } from '../support/stripe/stripe-standin';
import { customerCreatedEvent, customerObject } from '../support/stripe/stripe-standin-objects';
import { NOT_AN_EVENT_MESSAGE } from '../../src/modules/subscriptions/stripe-webhook.service';
import { PLAN_ENDED_UPLOAD_MESSAGE, TRIAL_EXPIRED_UPLOAD_MESSAGE } from '../../src/modules/subscriptions/trial-gate.service';
import { billingStateOf } from '@preflight/shared';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(120_000);

/**
 * Billing end to end: the real API with the real `stripe` SDK pointed at the local stand-in, which completes checkouts,
 * changes subscriptions and sends signed webhook events to the API like Stripe does.
 */
describe('Creator Pro on Stripe (real SDK, local stand-in, signed webhooks)', () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret,
    STRIPE_TRIAL_DAYS: '14',
  };
  let stripe: StripeStandIn;
  let api: NestExpressApplication;
  let db: DataSource;
  let media: string;
  let video: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const status = async (user: TestUser) => (await http().get('/api/subscription/status').set(as(user)).expect(200)).body;
  const row = async (user: TestUser) =>
    ((await db.query('SELECT s.* FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.firebase_uid = $1', [user.uid])) as Record<string, unknown>[])[0];
  const upload = (user: TestUser) => http().post('/api/upload/').set(as(user)).attach('file', video);

  /** Checkout through the API, then the stand-in's "Start trial" button: answers the subscription id. */
  async function subscribe(user: TestUser): Promise<string> {
    const { url } = (await http().post('/api/subscription/checkout-session').set(as(user)).expect(200)).body as { url: string };
    const sessionId = url.split('/checkout/')[1];
    const back = await stripe.completeCheckout(sessionId);
    expect(back).toMatch(/\/app\/billing\?checkout=success$/);
    return String(stripe.sessions.get(sessionId)!.subscription);
  }

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-billing-'));
    video = (await makeVideo({ dir: media, name: 'clip', shots: [{ seconds: 2, visual: 'testsrc' }], width: 160, height: 284, noAudio: true })).path;
    stripe = await startStripeStandIn({ ...STANDIN_KEYS });
    Object.assign(process.env, stripeEnv, { STRIPE_API_BASE: stripe.baseUrl });
    api = await startApiApp();
    await api.listen(0, '127.0.0.1');
    stripe.webhookUrl = `${await api.getUrl()}/api/webhooks/stripe`;
    db = api.get<DataSource>(getDataSourceToken());
  });

  afterAll(async () => {
    for (const key of [...Object.keys(stripeEnv), 'STRIPE_API_BASE']) delete process.env[key];
    await api?.close();
    await stripe?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('a new creator is on the free plan with one analysis, in test mode, and may not open the portal', async () => {
    const user = await createTestUser('Newcomer');
    expect(await status(user)).toMatchObject({
      status: 'inactive',
      planType: 'free',
      trialDays: null,
      trialExpires: null,
      analysesLeft: 1,
      freeAnalyses: 1,
      videosTested: 0,
      testMode: true,
    });
    const portal = await http().post('/api/subscription/create-portal-session').set(as(user)).expect(403);
    expect(portal.body.message).toBe('Please subscribe to a plan before managing billing.');
  });

  it('checkout → signed webhook → trialing → uploads allowed; the Stripe customer is reused', async () => {
    const user = await createTestUser('Trial Creator');
    await upload(user).expect(200);
    // Never had a trial: what is true is that the free analysis is used.
    expect((await upload(user).expect(402)).body).toMatchObject({
      message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.',
      reason: 'free_analysis_used',
    });

    // Two checkouts (e.g. a cancelled one, then a real one) use one Stripe customer.
    const first = (await http().post('/api/subscription/checkout-session').set(as(user)).expect(200)).body.url as string;
    expect(first.startsWith(`${stripe.baseUrl}/checkout/cs_test_`)).toBe(true);
    const firstSession = stripe.sessions.get(first.split('/checkout/')[1])!;
    const subscriptionId = await subscribe(user);
    const sessions = [...stripe.sessions.values()].filter((s) => s.client_reference_id === firstSession.client_reference_id);
    expect(sessions).toHaveLength(2);
    expect(new Set(sessions.map((s) => s.customer)).size).toBe(1);
    expect(sessions[1]).toMatchObject({
      mode: 'subscription',
      // On the configured public origin (PUBLIC_URL's development default here), not the Host this request named.
      success_url: 'http://localhost:3000/app/billing?checkout=success',
      cancel_url: expect.stringMatching(/\/app\/pricing\?checkout=cancelled$/),
    });
    // What checkout was asked for shows in the subscription it made: a 14-day trial of the Creator Pro price, created on
    // first use: £99 a month.
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * 24 * 3600);
    const price = await new Stripe(STANDIN_KEYS.secretKey, { host: '127.0.0.1', port: new URL(stripe.baseUrl).port, protocol: 'http' }).prices.retrieve(
      subscription.items.data[0].price.id,
    );
    expect(price).toMatchObject({ unit_amount: 9900, currency: 'gbp', recurring: { interval: 'month' } });

    expect(stripe.events.map((e) => [e.event.type, e.status])).toEqual(
      expect.arrayContaining([
        ['customer.subscription.created', 200],
        ['checkout.session.completed', 200],
      ]),
    );
    const s = await status(user);
    expect(s).toMatchObject({ status: 'trialing', planType: 'creator_pro', trialDays: 14, analysesLeft: null });
    expect(Date.parse(s.trialExpires) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect((await row(user)).stripe_subscription_id).toBe(subscriptionId);

    await upload(user).expect(200);
    await upload(user).expect(200);
    // Already subscribed: no second checkout; the portal opens on the stand-in.
    expect((await http().post('/api/subscription/checkout-session').set(as(user)).expect(409)).body.message).toMatch(/already have Creator Pro/);
    const portal = await http().post('/api/subscription/create-portal-session').set(as(user)).expect(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.baseUrl}/portal/bps_`));
  });

  it('a trial that ran out says the trial expired; a creator who never had one is told the free analysis is used (issue 28, item 9)', async () => {
    const [trialled, never] = await Promise.all([createTestUser('Trial Ran Out'), createTestUser('Never Trialled')]);
    await upload(trialled).expect(200); // the free analysis
    await upload(never).expect(200);
    const [{ id }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [trialled.uid]);
    // Stripe ended the trial without a card (paused → expired), a day ago.
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type, trial_ends_at) VALUES ($1, 'expired', 'creator_pro', now() - interval '1 day')`, [id]);
    expect((await upload(trialled).expect(402)).body).toMatchObject({ message: 'Your trial has expired. Please upgrade to continue uploading.', reason: 'trial_expired' });
    expect((await upload(never).expect(402)).body).toMatchObject({
      message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.',
      reason: 'free_analysis_used',
    });
  });

  it('the same webhook sent three times changes the state once', async () => {
    const user = await createTestUser('Replay');
    const subscriptionId = await subscribe(user);
    // Stripe moves the plan to past_due; its event is then delivered three times.
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    subscription.status = 'past_due';
    const event = stripe.subscriptionEvent('customer.subscription.updated', subscription);
    expect(await stripe.send(event)).toBe(200);
    const afterFirst = await row(user);
    expect(afterFirst.status).toBe('past_due');

    subscription.status = 'active'; // if a replay were applied, it would fetch this newer state
    expect(await stripe.send(event)).toBe(200);
    expect(await stripe.send(event)).toBe(200);
    const afterReplays = await row(user);
    expect(afterReplays.status).toBe('past_due');
    expect(afterReplays.updated_at).toEqual(afterFirst.updated_at);
    const [{ count }] = await db.query('SELECT count(*)::int AS count FROM stripe_events WHERE id = $1', [event.id]);
    expect(count).toBe(1);
  });

  it('an unsigned or badly signed webhook answers 400 and changes nothing', async () => {
    const user = await createTestUser('Forgery');
    const subscriptionId = await subscribe(user);
    const before = await row(user);
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    subscription.status = 'canceled';
    const forged = stripe.subscriptionEvent('customer.subscription.deleted', subscription);
    const payload = JSON.stringify(forged);
    const wrongSecret = new Stripe(STANDIN_KEYS.secretKey).webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });

    expect(await stripe.send(forged, { signature: wrongSecret })).toBe(400);
    expect(await stripe.send(forged, { signature: 't=1,v1=deadbeef' })).toBe(400);
    const unsigned = await http().post('/api/webhooks/stripe').set('content-type', 'application/json').send(payload).expect(400);
    expect(unsigned.body.message).toBe('Invalid Stripe signature.');
    // A correct signature over other bytes does not verify this body.
    const tampered = await http()
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', new Stripe(STANDIN_KEYS.secretKey).webhooks.generateTestHeaderString({ payload: `${payload} `, secret: STANDIN_KEYS.webhookSecret }))
      .send(payload)
      .expect(400);
    expect(tampered.body.message).toBe('Invalid Stripe signature.');

    expect(await row(user)).toEqual(before);
    expect(await db.query('SELECT id FROM stripe_events WHERE id = $1', [forged.id])).toEqual([]);
  });

  it('a signed body that is not an event answers 400; an event about a subscription Stripe does not have is ignored (both were 500s)', async () => {
    const signedPost = (payload: string) =>
      http()
        .post('/api/webhooks/stripe')
        .set('content-type', 'application/json')
        .set('stripe-signature', new Stripe(STANDIN_KEYS.secretKey).webhooks.generateTestHeaderString({ payload, secret: STANDIN_KEYS.webhookSecret }))
        .send(payload);
    for (const payload of ['{}', '{"id":"evt_x","type":"invoice.paid"}', '{"id":"","type":"invoice.paid","data":{"object":{}}}', '{"id":1,"type":null,"data":{"object":1}}', '[]']) {
      const res = await signedPost(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_AN_EVENT_MESSAGE);
    }
    const missing = { id: 'evt_fuzz_missing_sub', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_nobody_has_this', object: 'subscription' } } };
    expect((await signedPost(JSON.stringify(missing)).expect(200)).body).toEqual({ received: true, duplicate: false });
    const odd = { ...missing, id: 'evt_fuzz_odd_sub', data: { object: { id: 42, object: 'subscription' } } };
    expect((await signedPost(JSON.stringify(odd)).expect(200)).body).toEqual({ received: true, duplicate: false });
  });

  it('out-of-order updated/deleted events end in the subscription’s real final state', async () => {
    const user = await createTestUser('Out Of Order');
    const subscriptionId = await subscribe(user);
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    // Stripe: updated (active) at t1, then deleted at t2; the deliveries arrive deleted first, updated last.
    subscription.status = 'active';
    const updated = stripe.subscriptionEvent('customer.subscription.updated', subscription);
    Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) });
    const deleted = stripe.subscriptionEvent('customer.subscription.deleted', subscription);
    expect(await stripe.send(deleted)).toBe(200);
    expect(await stripe.send(updated)).toBe(200);
    expect((await status(user)).status).toBe('canceled');

    // The creator subscribes again; a late event about the old, cancelled subscription does not touch the new plan.
    const newId = await subscribe(user);
    expect(newId).not.toBe(subscriptionId);
    expect((await status(user)).status).toBe('active'); // no second trial
    expect(await stripe.send(stripe.subscriptionEvent('customer.subscription.deleted', subscription))).toBe(200);
    expect(await status(user)).toMatchObject({ status: 'active', planType: 'creator_pro' });
    expect((await row(user)).stripe_subscription_id).toBe(newId);
  });

  it('a failed payment shows past_due (portal still opens to fix the card); a paid retry brings it back', async () => {
    const user = await createTestUser('Card Trouble');
    const subscriptionId = await subscribe(user);
    await stripe.setSubscriptionStatus(subscriptionId, 'past_due');
    expect(stripe.events.slice(-2).map((e) => [e.event.type, e.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect(await status(user)).toMatchObject({ status: 'past_due', planType: 'creator_pro' });
    await http().post('/api/subscription/create-portal-session').set(as(user)).expect(200);

    await stripe.setSubscriptionStatus(subscriptionId, 'active');
    expect(await status(user)).toMatchObject({ status: 'active', planType: 'creator_pro', analysesLeft: null });
  });

  it('trial_will_end is recorded once and leaves the trial as Stripe has it; events about nothing of ours are recorded and ignored', async () => {
    const user = await createTestUser('Trial Ending');
    const subscriptionId = await subscribe(user);
    const before = await row(user);
    const event = stripe.subscriptionEvent('customer.subscription.trial_will_end', stripe.subscriptions.get(subscriptionId)!);
    expect(await stripe.send(event)).toBe(200);
    expect(await row(user)).toMatchObject({ status: 'trialing', stripe_subscription_id: subscriptionId, trial_ends_at: before.trial_ends_at });
    const [recorded] = await db.query('SELECT type, user_id FROM stripe_events WHERE id = $1', [event.id]);
    expect(recorded).toEqual({ type: 'customer.subscription.trial_will_end', user_id: before.user_id });

    const unrelated = customerCreatedEvent(customerObject({ email: 'someone-else@example.com' }));
    expect(await stripe.send(unrelated)).toBe(200);
    expect(await db.query('SELECT user_id FROM stripe_events WHERE id = $1', [unrelated.id])).toEqual([{ user_id: null }]);
  });

  it('after the subscription is deleted the next upload is refused with 402, and the portal too', async () => {
    const user = await createTestUser('Leaver');
    await upload(user).expect(200); // the free analysis
    const subscriptionId = await subscribe(user);
    await upload(user).expect(200);
    await stripe.setSubscriptionStatus(subscriptionId, 'canceled');
    expect(stripe.events.at(-1)).toMatchObject({ event: { type: 'customer.subscription.deleted' }, status: 200 });
    expect(await status(user)).toMatchObject({ status: 'canceled', planType: 'free', analysesLeft: 0 });
    // This creator had the trial: the message says it ended.
    expect((await upload(user).expect(402)).body).toMatchObject({ message: 'Your trial has expired. Please upgrade to continue uploading.', reason: 'trial_expired' });
    expect((await http().post('/api/subscription/create-portal-session').set(as(user)).expect(403)).body.message).toBe(
      'Please subscribe to a plan before managing billing.',
    );
  });

  /** "Cancel plan" in the stand-in's portal page, as the creator clicks it (the portal session comes from the API). */
  async function cancelInPortal(user: TestUser, action: 'cancel' | 'renew' = 'cancel'): Promise<void> {
    const { url } = (await http().post('/api/subscription/create-portal-session').set(as(user)).expect(200)).body as { url: string };
    const res = await fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
  }

  it('a cancel in the portal during the trial keeps the trial to its end, then says the trial ended (issue 41)', async () => {
    const user = await createTestUser('Trial Canceller');
    await upload(user).expect(200); // the free analysis
    const subscriptionId = await subscribe(user);
    const trialEnds = (await status(user)).trialExpires as string;

    await cancelInPortal(user);
    // Stripe's portal default: cancel_at_period_end, the subscription still trialing until its end.
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: 'trialing', cancel_at_period_end: true, cancel_at: Date.parse(trialEnds) / 1000 });
    expect(stripe.events.at(-1)).toMatchObject({ event: { type: 'customer.subscription.updated' }, status: 200 });
    expect(await status(user)).toMatchObject({ status: 'trialing', billingState: 'trial_cancelled', cancelAtPeriodEnd: true, trialExpires: trialEnds, analysesLeft: null });
    await upload(user).expect(200); // access stays until the 21st (or whenever the trial ends)

    // Renewing in the portal undoes it; cancelling again, then the trial's end.
    await cancelInPortal(user, 'renew');
    expect(await status(user)).toMatchObject({ billingState: 'trial', cancelAtPeriodEnd: false });
    await cancelInPortal(user);
    await stripe.endPeriod(subscriptionId);
    expect(stripe.events.at(-1)).toMatchObject({ event: { type: 'customer.subscription.deleted' }, status: 200 });
    expect(await status(user)).toMatchObject({ status: 'canceled', billingState: 'trial_ended', planType: 'free', analysesLeft: 0 });
    expect((await upload(user).expect(402)).body).toMatchObject({ message: TRIAL_EXPIRED_UPLOAD_MESSAGE, reason: 'trial_expired' });
  });

  it('a paid plan cancelled in the portal stays to the end of its period, then says the plan ended, not "free analysis used"', async () => {
    const user = await createTestUser('Paid Leaver');
    await upload(user).expect(200);
    const subscriptionId = await subscribe(user);
    await stripe.endPeriod(subscriptionId); // the trial converts: paid, a first paid period starts
    const paid = await status(user);
    expect(paid).toMatchObject({ status: 'active', billingState: 'active', cancelAtPeriodEnd: false });
    expect(Date.parse(paid.currentPeriodEnd) - Date.parse(paid.trialExpires)).toBeGreaterThan(25 * 24 * 3600 * 1000);

    await cancelInPortal(user);
    expect(await status(user)).toMatchObject({ status: 'active', billingState: 'active_cancelled', cancelAtPeriodEnd: true, currentPeriodEnd: paid.currentPeriodEnd, analysesLeft: null });
    await upload(user).expect(200);

    await stripe.endPeriod(subscriptionId);
    expect(await status(user)).toMatchObject({ status: 'canceled', billingState: 'plan_ended', planType: 'free', analysesLeft: 0 });
    expect((await upload(user).expect(402)).body).toMatchObject({ message: PLAN_ENDED_UPLOAD_MESSAGE, reason: 'plan_ended' });
    expect(PLAN_ENDED_UPLOAD_MESSAGE).toBe('Your Creator Pro plan has ended. Subscribe again to continue uploading.');
    await http().post('/api/subscription/create-portal-session').set(as(user)).expect(403);
  });

  it('each state the status answers is the one the billing rule gives for its fields', async () => {
    const user = await createTestUser('Free One');
    const answer = await status(user);
    expect(answer.billingState).toBe(billingStateOf(answer));
    expect(answer.billingState).toBe('free');
    await upload(user).expect(200);
    expect((await status(user)).billingState).toBe('free_used');
  });

  it('two uploads sent at the same instant by a free creator: exactly one is accepted', async () => {
    const user = await createTestUser('Two Tabs');
    const answers = await Promise.all([upload(user), upload(user)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402]);
    const [{ count }] = await db.query(
      'SELECT count(*)::int AS count FROM reports r JOIN users u ON u.id = r.user_id WHERE u.firebase_uid = $1',
      [user.uid],
    );
    expect(count).toBe(1);
    expect((await status(user)).analysesLeft).toBe(0);
  });

  it('Stripe failing answers 502 with a plain message, and changes nothing', async () => {
    const user = await createTestUser('Stripe Down');
    stripe.failWith = 500;
    try {
      const res = await http().post('/api/subscription/checkout-session').set(as(user)).expect(502);
      expect(res.body.message).toBe('Our payment provider did not answer. Please try again in a minute.');
    } finally {
      stripe.failWith = null;
    }
    expect(await status(user)).toMatchObject({ status: 'inactive', planType: 'free' });
    await subscribe(user); // and works again once Stripe answers
    expect((await status(user)).status).toBe('trialing');
  });

  it('a free analysis that ends in error is given back', async () => {
    const user = await createTestUser('Unlucky');
    const { reportId } = (await upload(user).expect(200)).body;
    expect((await status(user)).analysesLeft).toBe(0);
    await db.query(`UPDATE reports SET status = 'error' WHERE id = $1`, [reportId]);
    expect((await status(user)).analysesLeft).toBe(1);
    await upload(user).expect(200);
  });
});
