import type { Operation } from './openapi';

/**
 * Routes the document leaves out on purpose (they are not for the SDK), described here so the fuzz reaches them too.
 * Stripe's webhook: the fuzz signs its bodies with the stand-in's secret (fixtures.ts), so broken events reach the
 * handler behind the signature check; only cases that break the signature itself go unsigned.
 */
export const UNDOCUMENTED_OPERATIONS: Operation[] = [
  {
    operationId: 'stripeWebhook',
    method: 'post',
    path: '/api/webhooks/stripe',
    parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
    body: {
      required: true,
      contentType: 'application/json',
      schema: {
        type: 'object',
        required: ['id', 'type', 'data'],
        properties: {
          id: { type: 'string' },
          object: { type: 'string', enum: ['event'] },
          type: { type: 'string', enum: ['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'] },
          data: { type: 'object', properties: { object: { type: 'object', properties: { id: { type: 'string' }, subscription: { type: 'string' }, customer: { type: 'string' } } } } },
        },
      },
    },
    // 200 { received, duplicate } for an event (applied, or ignored when it is about nothing of ours); 400 otherwise.
    responses: new Map([[200, { contentTypes: ['application/json'] }]]),
    bearer: 'none',
    keyScope: null,
  },
];
