import type { IncomingMessage } from 'node:http';
import { mayReadMetrics } from './metrics-endpoint';

const from = (remoteAddress: string, authorization?: string) => ({ socket: { remoteAddress }, headers: { authorization } }) as unknown as IncomingMessage;

describe('who may read metrics', () => {
  it('without a token: only callers on this machine', () => {
    expect(mayReadMetrics(from('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(from('::1'), undefined)).toBe(true);
    expect(mayReadMetrics(from('::ffff:127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(from('10.0.0.7'), undefined)).toBe(false);
  });

  it('with a token: whoever presents it, from anywhere; nobody else, not even this machine', () => {
    const token = 'scrape-token-0123456789';
    expect(mayReadMetrics(from('10.0.0.7', `Bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(from('127.0.0.1'), token)).toBe(false);
    expect(mayReadMetrics(from('10.0.0.7', `Bearer ${token}x`), token)).toBe(false);
    expect(mayReadMetrics(from('10.0.0.7', token), token)).toBe(false);
  });
});
