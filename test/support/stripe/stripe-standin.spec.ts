import { parseStripeForm } from './stripe-standin';

describe("the stand-in reads Stripe's form encoding", () => {
  it('nests brackets into objects and arrays', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': 'price_1',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][userId]': 'u1',
      'subscription_data[trial_period_days]': '14',
      'lookup_keys[0]': 'a',
      'lookup_keys[1]': 'b',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      subscription_data: { metadata: { userId: 'u1' }, trial_period_days: '14' },
      lookup_keys: ['a', 'b'],
    });
  });

  it('ignores prototype keys', () => {
    expect(parseStripeForm('__proto__[x]=1&a[constructor][y]=2')).toEqual({});
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
