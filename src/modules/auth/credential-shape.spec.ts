import { credentialShape } from './credential-shape';

const jwt = (header: object, claims: object) =>
  `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const bearer = (token: string) => ({ kind: 'firebase' as const, authorization: `Bearer ${token}` });

describe('credentialShape', () => {
  const claims = { iss: 'https://securetoken.google.com/p', aud: 'p', sub: 'ana' };

  it('tells JWTs apart by key id, issuer, audience and subject, not by the rest', () => {
    const ana = credentialShape(bearer(jwt({ alg: 'RS256', kid: 'k1' }, { ...claims, iat: 1 })));
    expect(ana.kind).toBe('jwt');
    expect(credentialShape(bearer(jwt({ alg: 'RS256', kid: 'k1' }, { ...claims, iat: 2, exp: 9 })))).toEqual(ana);
    expect(credentialShape(bearer(jwt({ alg: 'RS256', kid: 'k1' }, { ...claims, sub: 'bo' })))).not.toEqual(ana);
    expect(credentialShape(bearer(jwt({ alg: 'RS256', kid: 'k2' }, claims)))).not.toEqual(ana);
  });

  it('calls anything that cannot be a JWT or a key malformed, one shape for all of it', () => {
    for (const token of ['guess-1', 'a.b', 'a.b.c.d', `${Buffer.from('[1]').toString('base64url')}.e30.x`]) {
      expect(credentialShape(bearer(token))).toEqual({ kind: 'malformed', id: 'malformed' });
    }
    expect(credentialShape({ kind: 'key', key: 'pf_live_short' })).toEqual({ kind: 'malformed', id: 'malformed' });
  });

  it('shapes a well-formed API key by its listed prefix', () => {
    const key = `pf_live_${'A'.repeat(32)}`;
    expect(credentialShape({ kind: 'key', key })).toEqual({ kind: 'key', id: 'key:pf_live_AAAAAA' });
  });
});
