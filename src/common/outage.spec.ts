import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './outage';

describe('isDatabaseUnavailable', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });

  it('recognises an unreachable or restarting PostgreSQL, wrapped or not', () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], refused))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
  });

  it('does not excuse a wrong query or a bug', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT x', [], Object.assign(new Error('column "x" does not exist'), { code: '42703' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
