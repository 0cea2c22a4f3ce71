// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isValidShareToken, normalizeSharedReport } from './sharedReport';

describe('isValidShareToken', () => {
  it.each([
    ['Jw3k9ZlqX0b_4-8sPq2mLr7tYv1cN5eQhA6uDgFzKxI', true], // ours: 32 random bytes, base64url
    ['a1b2c3d4-e5f6_7890', true],
    ['abcDEF12', false], // under 16 characters: never one of ours
    ['short', false],
    ['x'.repeat(129), false],
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
    expect(normalizeSharedReport({ created_at: 'nonsense' })).toMatchObject({ reportId: '', createdAt: null, expiresAt: null });
  });

  it('reads the file name, analysis date, download permission and, only when present, who prepared it', () => {
    const shared = normalizeSharedReport({
      filename: 'launch.mp4',
      analyzed_at: '2026-11-20T09:00:00Z',
      allow_download: true,
      creator: { name: 'Ana Agency', email: 'ana@example.com' },
    });
    expect(shared).toMatchObject({ filename: 'launch.mp4', allowDownload: true, creatorName: 'Ana Agency' });
    expect(shared.analyzedAt?.toISOString()).toBe('2026-11-20T09:00:00.000Z');
    expect(normalizeSharedReport({ creator: null, allow_download: false })).toMatchObject({ creatorName: null, allowDownload: false });
    expect(normalizeSharedReport({ creator: { name: null, email: 'ana@example.com' } }).creatorName).toBe('ana@example.com');
  });
});
