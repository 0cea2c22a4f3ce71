/**
 * Every object, list and event the Stripe stand-in answers or sends, built as the `stripe` SDK's own types
 * (Stripe.Customer, Stripe.Checkout.Session, Stripe.Subscription, Stripe.Event, …) with no cast: Stripe generates those
 * types from its API description, so the compiler checks each shape against Stripe's and a field the stand-in forgets
 * or misnames does not compile. Values are what Stripe answers for a test-mode account with no tax, no discounts and
 * no Connect (null, false, empty) where Preflight sets nothing.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_S = 24 * 60 * 60;
/** Checkout sessions expire after 24 hours unless told otherwise (Stripe's default). */
const CHECKOUT_EXPIRY_S = DAY_S;

/** Form parameters as the stand-in parsed them (parseStripeForm): strings, nested objects and arrays. */
export type FormParams = Record<string, unknown>;

export function text(params: FormParams, name: string): string | null {
  const value = params[name];
  return typeof value === 'string' ? value : null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

export function nested(params: FormParams, name: string): FormParams {
  return record(params[name]);
}

/** `metadata[key]=value` pairs: Stripe keeps strings only. */
export function metadataOf(params: FormParams): Stripe.Metadata {
  const metadata: Stripe.Metadata = {};
  for (const [key, value] of Object.entries(nested(params, 'metadata'))) if (typeof value === 'string') metadata[key] = value;
  return metadata;
}

/** `line_items[0][price]=…&line_items[0][quantity]=1`. */
export function lineItemsOf(params: FormParams): { price: string; quantity: number }[] {
  const items = params.line_items;
  if (!Array.isArray(items)) return [];
  return items.map((item) => {
    const fields = record(item);
    return { price: typeof fields.price === 'string' ? fields.price : '', quantity: Number(fields.quantity ?? 1) };
  });
}

export function apiList<T>(data: T[], url: string): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

export function customerObject(params: FormParams): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(params, 'description'),
    discount: null,
    email: text(params, 'email'),
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(params),
    name: text(params, 'name'),
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function productObject(params: FormParams): Stripe.Product {
  const created = now();
  return {
    id: newId('prod'),
    object: 'product',
    active: true,
    created,
    default_price: null,
    description: text(params, 'description'),
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataOf(params),
    name: text(params, 'name') ?? '',
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

const INTERVALS: readonly Stripe.Price.Recurring.Interval[] = ['day', 'week', 'month', 'year'];
const intervalOf = (value: string | null): Stripe.Price.Recurring.Interval => INTERVALS.find((interval) => interval === value) ?? 'month';

export function priceObject(params: FormParams): Stripe.Price {
  const unitAmount = Number(text(params, 'unit_amount') ?? 0);
  const recurring = params.recurring === undefined ? null : nested(params, 'recurring');
  return {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: now(),
    currency: text(params, 'currency') ?? 'gbp',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: text(params, 'lookup_key'),
    metadata: metadataOf(params),
    nickname: null,
    product: text(params, 'product') ?? '',
    recurring: recurring && {
      interval: intervalOf(text(recurring, 'interval')),
      interval_count: Number(text(recurring, 'interval_count') ?? 1),
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: Stripe.Decimal.from(unitAmount),
  };
}

/** The legacy plan Stripe still nests in every subscription item, mirroring its price. */
function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function checkoutSessionObject(params: FormParams, checkoutPageUrl: (id: string) => string): Stripe.Checkout.Session {
  const id = newId('cs_test');
  const created = now();
  const customer = text(params, 'customer');
  const trialDays = Number(text(nested(params, 'subscription_data'), 'trial_period_days') ?? 0);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: trialDays > 0 ? 0 : null,
    amount_total: trialDays > 0 ? 0 : null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: text(params, 'cancel_url'),
    client_reference_id: text(params, 'client_reference_id'),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: 'gbp',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer,
    customer_account: null,
    customer_creation: customer ? null : 'always',
    customer_details: null,
    customer_email: text(params, 'customer_email'),
    discounts: [],
    expires_at: created + CHECKOUT_EXPIRY_S,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: metadataOf(params),
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: text(params, 'success_url'),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: checkoutPageUrl(id),
    wallet_options: null,
  };
}

export function portalSessionObject(customer: string, params: FormParams, portalPageUrl: (id: string) => string): Stripe.BillingPortal.Session {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: newId('bpc'),
    created: now(),
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: text(params, 'return_url'),
    url: portalPageUrl(id),
  };
}

/** What checkout creates: the subscription to its line items, on its customer, with its trial and metadata. */
export function subscriptionObject(
  session: Stripe.Checkout.Session,
  items: Stripe.Price[],
  subscriptionData: FormParams,
  periodEnd: (start: number, trialEnd: number | null) => number,
): Stripe.Subscription {
  const id = newId('sub');
  const start = now();
  const trialDays = Number(text(subscriptionData, 'trial_period_days') ?? 0);
  const trialEnd = trialDays > 0 ? start + trialDays * DAY_S : null;
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: trialEnd ?? start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: items[0]?.currency ?? 'gbp',
    customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: apiList(
      items.map(
        (price): Stripe.SubscriptionItem => ({
          id: newId('si'),
          object: 'subscription_item',
          billing_thresholds: null,
          created: start,
          current_period_end: periodEnd(start, trialEnd),
          current_period_start: start,
          current_trial: null,
          discounts: [],
          metadata: {},
          plan: planOf(price),
          price,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        }),
      ),
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: metadataOf(subscriptionData),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? start : null,
  };
}

/** The subscription's invoice for one period, paid or open (a failed payment). */
export function invoiceObject(subscription: Stripe.Subscription, paid: boolean): Stripe.Invoice {
  const created = now();
  const item = subscription.items.data[0];
  const amount = item?.price.unit_amount ?? 0;
  const id = newId('in');
  return {
    id,
    object: 'invoice',
    account_country: 'GB',
    account_name: 'Preflight',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    created,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: apiList<Stripe.InvoiceLineItem>([], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : created + DAY_S,
    number: null,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: item?.current_period_end ?? created,
    period_start: item?.current_period_start ?? created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: paid ? created : null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** What every event carries besides its type and object. */
function eventBase(): Omit<Stripe.Event, 'type' | 'data'> {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

export type SubscriptionEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'customer.subscription.trial_will_end';
export type InvoiceEventType = 'invoice.paid' | 'invoice.payment_failed';

/**
 * An event carries the object as it was when the event was made (a test keeps one to replay it later): a copy of its
 * fields. The stand-in itself never changes an object in place; a change is a new object.
 */
export function subscriptionEvent(type: SubscriptionEventType, subscription: Stripe.Subscription): Stripe.Event {
  return { ...eventBase(), type, data: { object: { ...subscription } } };
}

export function invoiceEvent(type: InvoiceEventType, invoice: Stripe.Invoice): Stripe.Event {
  return { ...eventBase(), type, data: { object: { ...invoice } } };
}

export function checkoutCompletedEvent(session: Stripe.Checkout.Session): Stripe.Event {
  return { ...eventBase(), type: 'checkout.session.completed', data: { object: { ...session } } };
}

export function customerCreatedEvent(customer: Stripe.Customer): Stripe.Event {
  return { ...eventBase(), type: 'customer.created', data: { object: { ...customer } } };
}
