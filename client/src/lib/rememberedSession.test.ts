import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SESSION_COOKIE as SERVER_COOKIE, PAGE_SESSION_PATHS as SERVER_PATHS } from '@preflight/shared';
import { forgetSession, readRememberedSession, rememberedUser, rememberSession, PAGE_SESSION_COOKIE, PAGE_SESSION_PATHS } from './rememberedSession';

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const ada = { uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null };

describe('rememberedSession', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the profile and the token with its expiry, read from the token itself', () => {
    rememberSession(ada, jwt({ exp: 2_000_000_000 }));
    expect(readRememberedSession()).toEqual({ ...ada, idToken: jwt({ exp: 2_000_000_000 }), expiresAt: 2_000_000_000_000 });
    forgetSession();
    expect(readRememberedSession()).toBeNull();
  });

  it('puts the token in the page session cookie of each page for its lifetime, under the name and paths the server reads, and clears them', () => {
    expect([PAGE_SESSION_COOKIE, PAGE_SESSION_PATHS]).toEqual([SERVER_COOKIE, SERVER_PATHS]);
    const writes: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', { configurable: true, set: (value: string) => writes.push(value), get: () => '' });
    try {
      const token = jwt({ exp: 2_000_000_000 });
      rememberSession(ada, token, localStorage, 1_999_996_400_000); // an hour before expiry
      forgetSession();
    } finally {
      Object.defineProperty(document, 'cookie', cookie);
    }
    expect(writes).toEqual([
      `preflight_page_session=${jwt({ exp: 2_000_000_000 })}; Path=/app/analysis; Max-Age=3600; SameSite=Strict`,
      `preflight_page_session=${jwt({ exp: 2_000_000_000 })}; Path=/app/dashboard; Max-Age=3600; SameSite=Strict`,
      `preflight_page_session=${jwt({ exp: 2_000_000_000 })}; Path=/app/pricing; Max-Age=3600; SameSite=Strict`,
      'preflight_page_session=; Path=/app/analysis; Max-Age=0; SameSite=Strict',
      'preflight_page_session=; Path=/app/dashboard; Max-Age=0; SameSite=Strict',
      'preflight_page_session=; Path=/app/pricing; Max-Age=0; SameSite=Strict',
    ]);
  });

  it('remembers nothing for a token it cannot read, and reads nothing it did not write', () => {
    rememberSession(ada, 'not-a-jwt');
    expect(readRememberedSession()).toBeNull();
    localStorage.setItem('preflight.session', '{"uid":1}');
    expect(readRememberedSession()).toBeNull();
    localStorage.setItem('preflight.session', 'not json');
    expect(readRememberedSession()).toBeNull();
  });

  it("uses its own token while fresh; after that, or when a refresh is forced, the restored session's", async () => {
    const session = { ...ada, idToken: 'remembered', expiresAt: 1_000_000 };
    const live = { ...ada, getIdToken: async (force?: boolean) => (force ? 'live-forced' : 'live') };
    let now = 1_000_000 - 61_000;
    const user = rememberedUser(session, async () => live, () => now);
    expect(await user.getIdToken()).toBe('remembered');
    expect(await user.getIdToken(true)).toBe('live-forced');
    now = 1_000_000 - 59_000; // a minute from expiry: could expire on the way
    expect(await user.getIdToken()).toBe('live');
  });

  it('fails clearly when the session turns out to have ended', async () => {
    const user = rememberedUser({ ...ada, idToken: 'old', expiresAt: 0 }, async () => null);
    await expect(user.getIdToken()).rejects.toThrow('The session has ended: sign in again.');
  });
});
