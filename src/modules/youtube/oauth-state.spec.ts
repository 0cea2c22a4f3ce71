import { OAuthState, STATE_TTL_MS } from './oauth-state';

describe('OAuthState: bound to the creator who started the connection', () => {
  const states = new OAuthState('x'.repeat(32));
  const claims = { userId: 'alice', redirectUri: 'https://preflight.test/app/youtube/connected' };

  it('verifies for the same creator before it expires', () => {
    const state = states.issue(claims, 1_000);
    expect(states.verify(state, 'alice', 1_000 + STATE_TTL_MS - 1)).toEqual(claims);
  });

  it('refuses another creator, an expired state, another server and a forged payload', () => {
    const state = states.issue(claims, 1_000);
    expect(states.verify(state, 'bob', 1_000)).toBeNull();
    expect(states.verify(state, 'alice', 1_001 + STATE_TTL_MS)).toBeNull();
    expect(new OAuthState('y'.repeat(32)).verify(state, 'alice', 1_000)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ u: 'bob', r: claims.redirectUri, e: 9e15, n: 'x' })).toString('base64url');
    expect(states.verify(`${forged}.${state.split('.')[1]}`, 'bob', 1_000)).toBeNull();
    expect(states.verify('garbage', 'alice')).toBeNull();
  });
});
