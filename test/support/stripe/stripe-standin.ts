/**
 * A local stand-in for the few Stripe endpoints Preflight calls, for `npm start` without Stripe keys and for the
 * tests. The real `stripe` SDK is pointed at it (host/port/protocol options); nothing in the product knows the
 * difference. It serves:
 *   POST /v1/customers · GET /v1/customers/:id
 *   POST /v1/products · POST /v1/prices · GET /v1/prices (lookup_keys) · GET /v1/prices/:id
 *   POST /v1/checkout/sessions · GET /v1/checkout/sessions/:id
 *   POST /v1/billing_portal/sessions · GET /v1/subscriptions/:id
 * and two plain pages marked TEST MODE: a checkout page that completes or cancels, and a portal page that cancels the
 * plan (at the end of the period, as Stripe's portal does by default: `cancel_at_period_end`, the plan stays live until
 * then), renews a cancelled one, simulates a failed / recovered payment, or ends the period now (Stripe's clock). Every change is sent to the webhook URL as a Stripe event signed with
 * the SDK's own test helper (`webhooks.generateTestHeaderString`), and the page waits for the delivery before it
 * sends the browser back to the app, as Stripe's hosted pages do in practice.
 *
 *   const stripe = await startStripeStandIn({ ...STANDIN_KEYS, webhookUrl });
 *   STRIPE_API_BASE=stripe.baseUrl STRIPE_SECRET_KEY=… STRIPE_WEBHOOK_SECRET=…
 */
import * as http from 'node:http';
import Stripe from 'stripe';
import {
  apiList,
  invoiceObject,
  checkoutCompletedEvent,
  checkoutSessionObject,
  customerObject,
  invoiceEvent,
  lineItemsOf,
  nested,
  newId,
  now,
  portalSessionObject,
  priceObject,
  productObject,
  subscriptionEvent,
  subscriptionObject,
  text,
  type FormParams,
  type SubscriptionEventType,
} from './stripe-standin-objects';

/** Keys the stand-in accepts and signs with; any sk_test_ key works, these are what npm start uses. */
export const STANDIN_KEYS = { secretKey: 'sk_test_preflight_standin', webhookSecret: 'whsec_preflight_standin' } as const;

export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (can be set later through `webhookUrl`). */
  webhookUrl?: string;
  port?: number;
}

export interface SentEvent {
  event: Stripe.Event;
  status: number | null;
}

export interface StripeStandIn {
  baseUrl: string;
  webhookUrl: string | undefined;
  customers: Map<string, Stripe.Customer>;
  sessions: Map<string, Stripe.Checkout.Session>;
  subscriptions: Map<string, Stripe.Subscription>;
  /** Every event sent, in order, with the app's answer. */
  events: SentEvent[];
  /** While set, every API call answers this HTTP status (Stripe's api_error), to test the app when Stripe fails. */
  failWith: number | null;
  /** What the checkout page's button does: subscribe, send the events, answer the success URL. */
  completeCheckout(sessionId: string): Promise<string>;
  /**
   * Moves a subscription to a status as Stripe would, and sends the events that go with it. `canceled` ends it at
   * once (an API cancel, as on a deleted customer); the portal's cancel is cancelAtPeriodEnd.
   */
  setSubscriptionStatus(subscriptionId: string, status: 'active' | 'past_due' | 'canceled'): Promise<void>;
  /** The portal's "Cancel plan": cancel_at_period_end, cancel_at the period's (or trial's) end; the status stays. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<Stripe.Subscription>;
  /** The portal's "Renew plan" on a cancelled one: it renews again at the period's end. */
  renew(subscriptionId: string): Promise<Stripe.Subscription>;
  /**
   * The period (or trial) ends now, as Stripe's clock would make it: a plan set to cancel ends (deleted); otherwise
   * it is paid for and a new period starts.
   */
  endPeriod(subscriptionId: string): Promise<Stripe.Subscription>;
  /** Builds (without sending) an event about a subscription as it is now, e.g. to replay or reorder it later. */
  subscriptionEvent(type: SubscriptionEventType, subscription: Stripe.Subscription): Stripe.Event;
  /** Signs and POSTs one event to the webhook URL; answers the HTTP status. */
  send(event: Stripe.Event, opts?: { signature?: string }): Promise<number>;
  close(): Promise<void>;
}

const DAY_S = 24 * 60 * 60;
const MONTH_S = 30 * DAY_S;

/** A value of Stripe's form encoding: a string, or brackets nested into objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    if (!path.some((part) => UNSAFE_KEYS.has(part))) setPath(out, path, value);
  }
  return out;
}

function setPath(node: FormValue[] | { [key: string]: FormValue }, [part, ...rest]: string[], value: string): void {
  const existing = Array.isArray(node) ? node[part === '' ? node.length : Number(part)] : node[part];
  let child: FormValue = value;
  if (rest.length > 0) {
    child = typeof existing === 'object' ? existing : /^\d*$/.test(rest[0]) ? [] : {};
    setPath(child, rest, value);
  }
  if (Array.isArray(node)) node[part === '' ? node.length : Number(part)] = child;
  else node[part] = child;
}

/** The portal page's buttons: a payment that fails or succeeds, a cancel (at the period's end), a renew, the period ending. */
const PORTAL_ACTIONS = ['active', 'past_due', 'cancel', 'renew', 'end_period'] as const;
const isPortalAction = (action: string): action is (typeof PORTAL_ACTIONS)[number] => PORTAL_ACTIONS.some((known) => known === action);

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
  const customers = new Map<string, Stripe.Customer>();
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  /** What a checkout session was created with that Stripe keeps but does not answer: its prices and subscription_data. */
  const checkoutRequests = new Map<string, { prices: Stripe.Price[]; subscriptionData: FormParams }>();
  const portals = new Map<string, Stripe.BillingPortal.Session>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const events: SentEvent[] = [];
  let baseUrl = '';

  const find = <T>(map: Map<string, T>, kind: string, id: string): T => {
    const found = map.get(id);
    if (!found) throw new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing');
    return found;
  };

  const send = async (event: Stripe.Event, opts: { signature?: string } = {}): Promise<number> => {
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

  /** Objects change as Stripe's do, but never in place: an event already made keeps the state it was made with. */
  const updateSubscription = (subscription: Stripe.Subscription, change: Partial<Stripe.Subscription>): Stripe.Subscription => {
    const updated = { ...subscription, ...change };
    subscriptions.set(updated.id, updated);
    return updated;
  };

  const completeCheckout = async (sessionId: string): Promise<string> => {
    const session = find(sessions, 'checkout session', sessionId);
    if (session.status !== 'open') throw new StripeError(400, 'This checkout session is no longer open.');
    const request = find(checkoutRequests, 'checkout session', sessionId);
    const subscription = subscriptionObject(session, request.prices, request.subscriptionData, (start, trialEnd) => trialEnd ?? start + MONTH_S);
    subscriptions.set(subscription.id, subscription);
    const trial = subscription.status === 'trialing';
    const completed: Stripe.Checkout.Session = {
      ...session,
      status: 'complete',
      payment_status: trial ? 'no_payment_required' : 'paid',
      subscription: subscription.id,
      amount_subtotal: trial ? 0 : (request.prices[0]?.unit_amount ?? 0),
      amount_total: trial ? 0 : (request.prices[0]?.unit_amount ?? 0),
    };
    sessions.set(completed.id, completed);
    await send(subscriptionEvent('customer.subscription.created', subscription));
    await send(checkoutCompletedEvent(completed));
    if (!trial) await send(invoiceEvent('invoice.paid', invoiceObject(subscription, true)));
    return String(completed.success_url).replace('{CHECKOUT_SESSION_ID}', completed.id);
  };

  /** The end of the subscription's current period: the trial's end while trialing (Stripe's first period is the trial). */
  const periodEndOf = (subscription: Stripe.Subscription): number =>
    subscription.items.data[0]?.current_period_end ?? subscription.trial_end ?? now();

  /** A new period from now: each item's period moves on, as Stripe does when an invoice for it is paid. */
  const nextPeriod = (subscription: Stripe.Subscription): Pick<Stripe.Subscription, 'items'> => {
    const start = now();
    const items = subscription.items.data.map((item): Stripe.SubscriptionItem => ({ ...item, current_period_start: start, current_period_end: start + MONTH_S }));
    return { items: { ...subscription.items, data: items } };
  };

  const cancelAtPeriodEnd = async (subscriptionId: string): Promise<Stripe.Subscription> => {
    const subscription = find(subscriptions, 'subscription', subscriptionId);
    const cancellation_details: Stripe.Subscription.CancellationDetails = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
    const updated = updateSubscription(subscription, { cancel_at_period_end: true, cancel_at: periodEndOf(subscription), canceled_at: now(), cancellation_details });
    await send(subscriptionEvent('customer.subscription.updated', updated));
    return updated;
  };

  const renew = async (subscriptionId: string): Promise<Stripe.Subscription> => {
    const subscription = find(subscriptions, 'subscription', subscriptionId);
    const cancellation_details: Stripe.Subscription.CancellationDetails = { comment: null, feedback: null, feedback_option: null, reason: null };
    const updated = updateSubscription(subscription, { cancel_at_period_end: false, cancel_at: null, canceled_at: null, cancellation_details });
    await send(subscriptionEvent('customer.subscription.updated', updated));
    return updated;
  };

  const endPeriod = async (subscriptionId: string): Promise<Stripe.Subscription> => {
    const subscription = find(subscriptions, 'subscription', subscriptionId);
    if (subscription.cancel_at_period_end) {
      const ended = updateSubscription(subscription, { status: 'canceled', ended_at: now() });
      await send(subscriptionEvent('customer.subscription.deleted', ended));
      return ended;
    }
    const wasTrial = subscription.status === 'trialing';
    const renewed = updateSubscription(subscription, { status: 'active', ...(wasTrial ? { trial_end: now() } : {}), ...nextPeriod(subscription) });
    await send(invoiceEvent('invoice.paid', invoiceObject(renewed, true)));
    await send(subscriptionEvent('customer.subscription.updated', renewed));
    return renewed;
  };

  const setSubscriptionStatus = async (subscriptionId: string, status: 'active' | 'past_due' | 'canceled') => {
    const subscription = find(subscriptions, 'subscription', subscriptionId);
    if (status === 'canceled') {
      const canceled = updateSubscription(subscription, { status, canceled_at: now(), ended_at: now() });
      await send(subscriptionEvent('customer.subscription.deleted', canceled));
      return;
    }
    const wasTrial = subscription.status === 'trialing';
    // A trial that converts is paid for and starts its first paid period.
    const updated = updateSubscription(subscription, { status, ...(wasTrial ? { trial_end: now(), ...nextPeriod(subscription) } : {}) });
    await send(invoiceEvent(status === 'past_due' ? 'invoice.payment_failed' : 'invoice.paid', invoiceObject(updated, status !== 'past_due')));
    await send(subscriptionEvent('customer.subscription.updated', updated));
  };

  type Answer =
    | Stripe.Customer
    | Stripe.Product
    | Stripe.Price
    | Stripe.ApiList<Stripe.Price>
    | Stripe.Checkout.Session
    | Stripe.BillingPortal.Session
    | Stripe.Subscription;

  /** The Stripe API: form-encoded in, JSON out, Stripe's error shape. */
  const api = (method: string, path: string, params: FormParams): Answer => {
    const [, resource, id, sub] = path.split('/').slice(1); // v1/<resource>/<id>
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = customerObject(params);
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'customers' && method === 'GET' && id) return find(customers, 'customer', id);
    if (resource === 'products' && method === 'POST') {
      const product = productObject(params);
      products.set(product.id, product);
      return product;
    }
    if (resource === 'prices' && method === 'POST') {
      const productId = text(params, 'product');
      if (productId) find(products, 'product', productId);
      const price = priceObject(params);
      prices.set(price.id, price);
      return price;
    }
    if (resource === 'prices' && method === 'GET' && id) return find(prices, 'price', id);
    if (resource === 'prices' && method === 'GET') {
      const keys = Object.values(nested(params, 'lookup_keys'));
      const active = text(params, 'active');
      const limit = Number(text(params, 'limit') ?? 10);
      const matching = [...prices.values()].filter(
        (p) => (keys.length === 0 || keys.includes(p.lookup_key)) && (active === null || String(p.active) === active),
      );
      return { ...apiList(matching.slice(0, limit), '/v1/prices'), has_more: matching.length > limit };
    }
    if (resource === 'checkout' && id === 'sessions' && method === 'POST') {
      if (text(params, 'mode') !== 'subscription') throw new StripeError(400, 'The stand-in supports subscription mode only.');
      const customer = text(params, 'customer');
      if (customer) find(customers, 'customer', customer);
      const items = lineItemsOf(params).map((item) => find(prices, 'price', item.price));
      const session = checkoutSessionObject(params, (sessionId) => `${baseUrl}/checkout/${sessionId}`);
      sessions.set(session.id, session);
      checkoutRequests.set(session.id, { prices: items, subscriptionData: nested(params, 'subscription_data') });
      return session;
    }
    if (resource === 'checkout' && id === 'sessions' && method === 'GET' && sub) return find(sessions, 'checkout session', sub);
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      const customer = find(customers, 'customer', text(params, 'customer') ?? '');
      const portal = portalSessionObject(customer.id, params, (portalId) => `${baseUrl}/portal/${portalId}`);
      portals.set(portal.id, portal);
      return portal;
    }
    if (resource === 'subscriptions' && method === 'GET' && id) return find(subscriptions, 'subscription', id);
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}) in the Stripe stand-in.`);
  };

  const checkoutPage = (session: Stripe.Checkout.Session) => {
    const trialDays = Number(text(checkoutRequests.get(session.id)?.subscriptionData ?? {}, 'trial_period_days') ?? 0);
    const customer = typeof session.customer === 'string' ? customers.get(session.customer) : undefined;
    return page(
      'Checkout — Creator Pro',
      `<h1>Subscribe to Creator Pro</h1><p class="muted">Preflight · ${escapeHtml(customer?.email ?? '')}</p>
<p class="price">£99.00 <span class="muted" style="font-size:1rem">per month</span></p>
${trialDays ? `<p><strong>${trialDays} days free</strong>, then £99.00 per month. Cancel any time before the trial ends and pay nothing.</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/complete"><button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button></form>
<a class="button secondary" href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>`,
    );
  };

  const portalPage = (portal: Stripe.BillingPortal.Session) => {
    const subscription = [...subscriptions.values()].reverse().find((s) => s.customer === portal.customer);
    const ends = subscription ? new Date(periodEndOf(subscription) * 1000).toISOString().slice(0, 10) : '';
    const cancelOrRenew = subscription?.cancel_at_period_end
      ? `<p id="cancels">Cancels on ${escapeHtml(ends)}: the plan stays until then.</p><form method="post" action="/portal/${portal.id}/renew"><button class="secondary">Renew plan</button></form>`
      : `<form method="post" action="/portal/${portal.id}/cancel"><button class="secondary">Cancel plan</button></form>`;
    const actions = subscription && subscription.status !== 'canceled'
      ? `<form method="post" action="/portal/${portal.id}/past_due"><button class="secondary">Simulate a failed payment</button></form>
<form method="post" action="/portal/${portal.id}/active"><button class="secondary">Simulate a successful payment</button></form>
${cancelOrRenew}
<form method="post" action="/portal/${portal.id}/end_period"><button class="secondary">Simulate the period ending now</button></form>`
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
          if (kind === 'portal' && method === 'POST' && isPortalAction(action)) {
            const portal = find(portals, 'portal session', id);
            const subscription = [...subscriptions.values()].reverse().find((s) => s.customer === portal.customer);
            if (subscription && action === 'cancel') await cancelAtPeriodEnd(subscription.id);
            else if (subscription && action === 'renew') await renew(subscription.id);
            else if (subscription && action === 'end_period') await endPeriod(subscription.id);
            else if (subscription && (action === 'active' || action === 'past_due')) await setSubscriptionStatus(subscription.id, action);
            return redirect(`/portal/${id}`);
          }
          throw new StripeError(404, `Unrecognized request URL (${method}: ${url.pathname}) in the Stripe stand-in.`);
        } catch (error) {
          const e = error instanceof StripeError ? error : new StripeError(500, error instanceof Error ? error.message : String(error));
          if (!url.pathname.startsWith('/v1/')) return html(e.status, page('Error', `<h1>${e.status}</h1><p>${escapeHtml(e.message)}</p>`));
          const type = e.status === 401 ? 'authentication_error' : e.status >= 500 ? 'api_error' : 'invalid_request_error';
          res.writeHead(e.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type, message: e.message, ...(e.code ? { code: e.code } : {}) } }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;

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
    cancelAtPeriodEnd,
    renew,
    endPeriod,
    subscriptionEvent,
    send,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
