import type { ApiKeysService } from '../api-keys';
import type { User, UsersService } from '../users';
import { Authenticator, cookieValue } from './authenticator';
import type { Authentication, TokenVerifier } from './token-verifier';

const TOKEN = 'eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ1MSJ9.';
const CREATOR = { id: 'user-1' } as User;

function authenticatorWith(auth: Authentication, known: User | null = CREATOR) {
  const verifier = { authenticate: jest.fn(() => Promise.resolve(auth)) };
  const users = { findByFirebaseUid: jest.fn(() => Promise.resolve(known)), upsertFromIdentity: jest.fn(() => Promise.resolve(CREATOR)) };
  return { authenticator: new Authenticator(verifier as unknown as TokenVerifier, users as unknown as UsersService, {} as ApiKeysService), verifier, users };
}
const verified: Authentication = { kind: 'verified', identity: { uid: 'u1', name: 'Ada' } };

describe('Authenticator', () => {
  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; preflight_page_session=x.y.z; b=2', 'preflight_page_session')).toBe('x.y.z');
    expect(cookieValue('xpreflight_page_session=1', 'preflight_page_session')).toBeNull();
    expect(cookieValue(undefined, 'a')).toBeNull();
  });

  it('turns the page session cookie into a session caller of the creator the API already knows, without recording one', async () => {
    const { authenticator, verifier, users } = authenticatorWith(verified);
    const found = await authenticator.session(`a=1; preflight_page_session=${TOKEN}`);
    expect(found).toEqual({ auth: { how: 'session', user: CREATOR, apiKey: null, scopes: ['read', 'write'], sharePresented: false, share: null }, identity: verified.kind === 'verified' && verified.identity });
    expect(verifier.authenticate).toHaveBeenCalledWith(`Bearer ${TOKEN}`);
    expect(users.upsertFromIdentity).not.toHaveBeenCalled();
  });

  it('answers null for no cookie, a cookie that is no JWT, and a token that does not verify', async () => {
    const { authenticator, verifier } = authenticatorWith(verified);
    expect(await authenticator.session(undefined)).toBeNull();
    expect(await authenticator.session('preflight_page_session=<script>')).toBeNull();
    expect(verifier.authenticate).not.toHaveBeenCalled();
    expect(await authenticatorWith({ kind: 'invalid', reason: 'expired' }).authenticator.session(`preflight_page_session=${TOKEN}`)).toBeNull();
  });

  it('gives a bearer token both scopes and records its creator', async () => {
    const { authenticator, users } = authenticatorWith(verified);
    expect(await authenticator.bearer(`Bearer ${TOKEN}`)).toEqual({ kind: 'verified', auth: expect.objectContaining({ how: 'bearer', user: CREATOR, scopes: ['read', 'write'] }) });
    expect(users.upsertFromIdentity).toHaveBeenCalledTimes(1);
    expect(await authenticatorWith({ kind: 'invalid', reason: 'expired' }).authenticator.bearer(`Bearer ${TOKEN}`)).toEqual({ kind: 'refused', reason: 'expired' });
  });
});
