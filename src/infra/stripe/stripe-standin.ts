/**
 * A local stand-in for the few Stripe endpoints Preflight calls, for `npm start` without Stripe keys and for the
 * tests. The real `stripe` SDK is pointed at it (host/port/protocol options); nothing in the product knows the
 * difference. It serves:
 *   POST /v1/customers · GET /v1/customers/:id
 *   POST /v1/products · POST /v1/prices · GET /v1/prices (lookup_keys) · GET /v1/prices/:id
 *   POST /v1/checkout/sessions · GET /v1/checkout/sessions/:id
 *   POST /v1/billing_portal/sessions · GET /v1/subscriptions/:id
 * and two plain pages marked TEST MODE: a checkout page that completes or cancels, and a portal page that cancels the
 * plan or simulates a failed / recovered payment. Every change is sent to the webhook URL as a Stripe event signed with
 * the SDK's own test helper (`webhooks.generateTestHeaderString`), and the page waits for the delivery before it
 * sends the browser back to the app, as Stripe's hosted pages do in practice.
 *
 *   const stripe = await startStripeStandIn({ ...STANDIN_KEYS, webhookUrl });
 *   STRIPE_API_BASE=stripe.baseUrl STRIPE_SECRET_KEY=… STRIPE_WEBHOOK_SECRET=…
 */
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** Keys the stand-in accepts and signs with; any sk_test_ key works, these are what npm start uses. */
export const STANDIN_KEYS = { secretKey: 'sk_test_preflight_standin', webhookSecret: 'whsec_preflight_standin' } as const;

export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (can be set later through `webhookUrl`). */
  webhookUrl?: string;
  port?: number;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface SentEvent {
  event: { id: string; type: string; created: number; data: { object: StripeObject } };
  status: number | null;
}

export interface StripeStandIn {
  baseUrl: string;
  webhookUrl: string | undefined;
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Every event sent, in order, with the app's answer. */
  events: SentEvent[];
  /** While set, every API call answers this HTTP status (Stripe's api_error), to test the app when Stripe fails. */
  failWith: number | null;
  /** What the checkout page's button does: subscribe, send the events, answer the success URL. */
  completeCheckout(sessionId: string): Promise<string>;
  /** Moves a subscription to a status as Stripe would, and sends the events that go with it. */
  setSubscriptionStatus(subscriptionId: string, status: 'active' | 'past_due' | 'canceled'): Promise<void>;
  /** Builds (without sending) an event about the subscription's current state, e.g. to replay or reorder it. */
  eventFor(type: string, object: StripeObject): SentEvent['event'];
  /** Signs and POSTs one event to the webhook URL; answers the HTTP status. */
  send(event: SentEvent['event'], opts?: { signature?: string }): Promise<number>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_S = 24 * 60 * 60;
const MONTH_S = 30 * DAY_S;

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      const slot = part === '' && Array.isArray(node) ? String((node as unknown[]).length) : part;
      if (i === path.length - 1) node[slot] = value;
      else node = (node[slot] ??= /^\d*$/.test(path[i + 1]) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const escapeHtml = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f6f7fb;color:#1a1f36;margin:0}
.banner{background:#ffb020;color:#3d2800;text-align:center;font-weight:700;padding:6px;letter-spacing:.05em}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 4px}.price{font-size:2rem;font-weight:700;margin:12px 0 0}.muted{color:#697386}
button,a.button{display:block;width:100%;box-sizing:border-box;margin-top:12px;padding:12px;border-radius:8px;border:0;font-size:1rem;
text-align:center;text-decoration:none;cursor:pointer;background:#635bff;color:#fff}
button.secondary,a.secondary{background:#e3e8ee;color:#1a1f36}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#697386}
</style></head><body><div class="banner" role="status">TEST MODE — local Stripe stand-in, no real payment</div><main>${body}</main></body></html>`;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const signer = new Stripe(options.secretKey);
  const customers = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const portals = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const events: SentEvent[] = [];
  let baseUrl = '';

  const find = (map: Map<string, StripeObject>, kind: string, id: string) => {
    const found = map.get(id);
    if (!found) throw new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing');
    return found;
  };

  const eventFor = (type: string, object: StripeObject): SentEvent['event'] => ({
    id: newId('evt'),
    object: 'event',
    type,
    created: now(),
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    data: { object: structuredClone(object) },
  } as SentEvent['event']);

  const send = async (event: SentEvent['event'], opts: { signature?: string } = {}): Promise<number> => {
    const sent: SentEvent = { event, status: null };
    events.push(sent);
    if (!standIn.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const signature = opts.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const res = await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    await res.arrayBuffer();
    sent.status = res.status;
    return res.status;
  };

  const subscriptionEvents = async (types: string[], subscription: StripeObject) => {
    for (const type of types) {
      if (type.startsWith('invoice.')) {
        const invoice = {
          id: newId('in'),
          object: 'invoice',
          customer: subscription.customer,
          status: type === 'invoice.paid' ? 'paid' : 'open',
          amount_due: 9900,
          currency: 'gbp',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        };
        await send(eventFor(type, invoice));
      } else {
        await send(eventFor(type, subscription));
      }
    }
  };

  const completeCheckout = async (sessionId: string): Promise<string> => {
    const session = find(sessions, 'checkout session', sessionId);
    if (session.status !== 'open') throw new StripeError(400, 'This checkout session is no longer open.');
    const data = (session.subscription_data ?? {}) as { trial_period_days?: string; metadata?: Record<string, string> };
    const trialDays = Number(data.trial_period_days ?? 0);
    const start = now();
    const trialEnd = trialDays > 0 ? start + trialDays * DAY_S : null;
    const lineItems = (session.line_items ?? []) as { price: string }[];
    const subscription: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      created: start,
      start_date: start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      currency: 'gbp',
      livemode: false,
      metadata: data.metadata ?? {},
      items: {
        object: 'list',
        data: lineItems.map((item) => ({
          id: newId('si'),
          object: 'subscription_item',
          price: prices.get(item.price) ?? { id: item.price },
          quantity: 1,
          current_period_start: start,
          current_period_end: trialEnd ?? start + MONTH_S,
        })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subscription.id });
    await subscriptionEvents(['customer.subscription.created'], subscription);
    await send(eventFor('checkout.session.completed', session));
    if (!trialEnd) await subscriptionEvents(['invoice.paid'], subscription);
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
  };

  const setSubscriptionStatus = async (subscriptionId: string, status: 'active' | 'past_due' | 'canceled') => {
    const subscription = find(subscriptions, 'subscription', subscriptionId);
    if (status === 'canceled') {
      Object.assign(subscription, { status, canceled_at: now(), ended_at: now() });
      return subscriptionEvents(['customer.subscription.deleted'], subscription);
    }
    const wasTrial = subscription.status === 'trialing';
    Object.assign(subscription, { status }, wasTrial ? { trial_end: now() } : {});
    const invoiceEvent = status === 'past_due' ? 'invoice.payment_failed' : 'invoice.paid';
    return subscriptionEvents([invoiceEvent, 'customer.subscription.updated'], subscription);
  };

  /** The Stripe API: form-encoded in, JSON out, Stripe's error shape. */
  const api = (method: string, path: string, params: Record<string, unknown>): unknown => {
    const [, resource, id, sub] = path.split('/').slice(1); // v1/<resource>/<id>
    const list = (data: StripeObject[], url: string) => ({ object: 'list', data, has_more: false, url });
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = { id: newId('cus'), object: 'customer', created: now(), livemode: false, email: null, name: null, metadata: {}, ...params };
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'customers' && method === 'GET' && id) return find(customers, 'customer', id);
    if (resource === 'products' && method === 'POST') {
      const product = { id: newId('prod'), object: 'product', active: true, created: now(), livemode: false, ...params };
      products.set(product.id, product);
      return product;
    }
    if (resource === 'prices' && method === 'POST') {
      const { unit_amount, recurring, ...rest } = params as { unit_amount: string; recurring?: { interval: string } };
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        type: recurring ? 'recurring' : 'one_time',
        unit_amount: Number(unit_amount),
        recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
        livemode: false,
        ...rest,
      };
      prices.set(price.id, price);
      return price;
    }
    if (resource === 'prices' && method === 'GET' && id) return find(prices, 'price', id);
    if (resource === 'prices' && method === 'GET') {
      const keys = Object.values((params.lookup_keys ?? {}) as Record<string, string>);
      return list([...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string)), '/v1/prices');
    }
    if (resource === 'checkout' && id === 'sessions' && method === 'POST') {
      const p = params as { customer?: string; line_items?: { price: string }[]; mode?: string };
      if (p.mode !== 'subscription') throw new StripeError(400, 'The stand-in supports subscription mode only.');
      if (p.customer) find(customers, 'customer', p.customer);
      for (const item of p.line_items ?? []) find(prices, 'price', item.price);
      const sessionId = newId('cs_test');
      const session = { id: sessionId, object: 'checkout.session', status: 'open', livemode: false, subscription: null, url: `${baseUrl}/checkout/${sessionId}`, ...params };
      sessions.set(session.id, session);
      return session;
    }
    if (resource === 'checkout' && id === 'sessions' && method === 'GET' && sub) return find(sessions, 'checkout session', sub);
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      const customer = find(customers, 'customer', String(params.customer));
      const portalId = newId('bps');
      const portal = { id: portalId, object: 'billing_portal.session', customer: customer.id, return_url: params.return_url, livemode: false, url: `${baseUrl}/portal/${portalId}` };
      portals.set(portal.id, portal);
      return portal;
    }
    if (resource === 'subscriptions' && method === 'GET' && id) return find(subscriptions, 'subscription', id);
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}) in the Stripe stand-in.`);
  };

  const checkoutPage = (session: StripeObject) => {
    const trialDays = Number((session.subscription_data as { trial_period_days?: string } | undefined)?.trial_period_days ?? 0);
    const customer = customers.get(String(session.customer));
    return page(
      'Checkout — Creator Pro',
      `<h1>Subscribe to Creator Pro</h1><p class="muted">Preflight · ${escapeHtml(customer?.email ?? '')}</p>
<p class="price">£99.00 <span class="muted" style="font-size:1rem">per month</span></p>
${trialDays ? `<p><strong>${trialDays} days free</strong>, then £99.00 per month. Cancel any time before the trial ends and pay nothing.</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/complete"><button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button></form>
<a class="button secondary" href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>`,
    );
  };

  const portalPage = (portal: StripeObject) => {
    const subscription = [...subscriptions.values()].reverse().find((s) => s.customer === portal.customer);
    const actions = subscription && subscription.status !== 'canceled'
      ? `<form method="post" action="/portal/${portal.id}/past_due"><button class="secondary">Simulate a failed payment</button></form>
<form method="post" action="/portal/${portal.id}/active"><button class="secondary">Simulate a successful payment</button></form>
<form method="post" action="/portal/${portal.id}/canceled"><button class="secondary">Cancel plan</button></form>`
      : '';
    return page(
      'Billing portal',
      `<h1>Billing portal</h1><p class="muted">Preflight · Creator Pro</p>
<dl><dt>Plan</dt><dd>Creator Pro · £99.00 per month</dd><dt>Status</dt><dd id="status">${escapeHtml(subscription?.status ?? 'none')}</dd>
<dt>Customer</dt><dd>${escapeHtml(portal.customer)}</dd></dl>${actions}
<a class="button" href="${escapeHtml(portal.return_url)}">Return to Preflight</a>`,
    );
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', baseUrl);
        const method = req.method ?? 'GET';
        const body = Buffer.concat(chunks).toString('utf8');
        const html = (status: number, text: string) => {
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(text);
        };
        const redirect = (to: string) => {
          res.writeHead(303, { location: to });
          res.end();
        };
        try {
          if (url.pathname.startsWith('/v1/')) {
            if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? '')) throw new StripeError(401, 'Invalid API Key provided.');
            if (standIn.failWith) throw new StripeError(standIn.failWith, 'The stand-in was told to fail.');
            const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
            const answer = JSON.stringify(api(method, url.pathname, params));
            res.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
            return res.end(answer);
          }
          const [, kind, id, action] = url.pathname.split('/');
          if (kind === 'checkout' && method === 'GET') return html(200, checkoutPage(find(sessions, 'checkout session', id)));
          if (kind === 'checkout' && method === 'POST' && action === 'complete') return redirect(await completeCheckout(id));
          if (kind === 'portal' && method === 'GET') return html(200, portalPage(find(portals, 'portal session', id)));
          if (kind === 'portal' && method === 'POST' && ['active', 'past_due', 'canceled'].includes(action)) {
            const portal = find(portals, 'portal session', id);
            const subscription = [...subscriptions.values()].reverse().find((s) => s.customer === portal.customer);
            if (subscription) await setSubscriptionStatus(subscription.id, action as 'active' | 'past_due' | 'canceled');
            return redirect(`/portal/${id}`);
          }
          throw new StripeError(404, `Unrecognized request URL (${method}: ${url.pathname}) in the Stripe stand-in.`);
        } catch (error) {
          const e = error instanceof StripeError ? error : new StripeError(500, (error as Error).message);
          if (!url.pathname.startsWith('/v1/')) return html(e.status, page('Error', `<h1>${e.status}</h1><p>${escapeHtml(e.message)}</p>`));
          const type = e.status === 401 ? 'authentication_error' : e.status >= 500 ? 'api_error' : 'invalid_request_error';
          res.writeHead(e.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type, message: e.message, ...(e.code ? { code: e.code } : {}) } }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    baseUrl,
    webhookUrl: options.webhookUrl,
    customers,
    sessions,
    subscriptions,
    events,
    failWith: null,
    completeCheckout,
    setSubscriptionStatus,
    eventFor,
    send,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
