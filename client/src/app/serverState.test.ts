import { afterEach, describe, expect, it } from 'vitest';
import { rememberSession } from '../lib/rememberedSession';
import { readServerState, serverStateElement } from './serverState';

afterEach(() => localStorage.clear());

describe('server state in the page', () => {
  it('carries the state through the HTML, with nothing in it able to close the element', () => {
    const state = { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: { title: '</script><script>alert(1)</script>' } } }] };
    const element = serverStateElement(state as never);
    expect(element.match(/<\/script>/g)).toHaveLength(1); // its own end tag only
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${element}</body>`, 'text/html');
    expect(readServerState(doc)).toEqual(state);
  });

  it('is read by the browser it was rendered for: anyone, nobody signed in, or the creator this browser remembers', () => {
    const state = { mutations: [], queries: [] };
    const pageFor = (renderedFor?: string | null) => new DOMParser().parseFromString(`<!doctype html><body>${serverStateElement(state, renderedFor)}</body>`, 'text/html');
    expect(serverStateElement(state)).not.toContain('data-rendered-for');
    expect(serverStateElement(state, 'a"<b')).toContain('data-rendered-for="a&quot;&lt;b"');
    // Nobody remembered.
    expect(readServerState(pageFor())).toEqual(state);
    expect(readServerState(pageFor(null))).toEqual(state);
    expect(readServerState(pageFor('u1'))).toBeNull();
    // Ada remembered: a page rendered signed out, or for someone else, is rendered again by the app, not hydrated.
    rememberSession({ uid: 'u1', displayName: 'Ada', email: null, photoURL: null }, `h.${btoa(JSON.stringify({ exp: 2_000_000_000 }))}.s`);
    expect(readServerState(pageFor())).toEqual(state);
    expect(readServerState(pageFor('u1'))).toEqual(state);
    expect(readServerState(pageFor(null))).toBeNull();
    expect(readServerState(pageFor('u2'))).toBeNull();
  });

  it('reads none from a page the browser renders itself, or one whose state is not JSON', () => {
    expect(readServerState(new DOMParser().parseFromString('<!doctype html><body><div id="root"></div></body>', 'text/html'))).toBeNull();
    const broken = new DOMParser().parseFromString('<!doctype html><body><script type="application/json" id="preflight-state">{</script></body>', 'text/html');
    expect(readServerState(broken)).toBeNull();
  });
});
