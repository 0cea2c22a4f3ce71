// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isValidShareToken, normalizeSharedReport } from './sharedReport';

describe('isValidShareToken', () => {
  it.each([
    ['abcDEF12', true],
    ['a1b2c3d4-e5f6_7890', true],
    ['short', false],
    ['has space in it', false],
    ['../../etc/passwd', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (token, valid) => {
    expect(isValidShareToken(token)).toBe(valid);
  });
});

describe('normalizeSharedReport', () => {
  it('reads report_id, reportId or id', () => {
    expect(normalizeSharedReport({ report_id: 'a', reportId: 'b', id: 'c' }).reportId).toBe('a');
    expect(normalizeSharedReport({ reportId: 'b', id: 'c' }).reportId).toBe('b');
    expect(normalizeSharedReport({ id: 42 }).reportId).toBe('42');
    expect(normalizeSharedReport({}).reportId).toBe('');
  });

  it('keeps expires_at, else defaults to 7 days after creation', () => {
    const given = normalizeSharedReport({ created_at: '2026-11-01T10:00:00Z', expires_at: '2026-11-03T10:00:00Z' });
    expect(given.expiresAt?.toISOString()).toBe('2026-11-03T10:00:00.000Z');
    const defaulted = normalizeSharedReport({ created_at: '2026-11-01T10:00:00Z' });
    expect(defaulted.createdAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(defaulted.expiresAt?.toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(normalizeSharedReport({ created_at: 'nonsense' })).toEqual({ reportId: '', createdAt: null, expiresAt: null });
  });
});
