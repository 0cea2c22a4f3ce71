import { describe, expect, it } from 'vitest';
import { readServerState, serverStateElement } from './serverState';

describe('server state in the page', () => {
  it('carries the state through the HTML, with nothing in it able to close the element', () => {
    const state = { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: { title: '</script><script>alert(1)</script>' } } }] };
    const element = serverStateElement(state as never);
    expect(element.match(/<\/script>/g)).toHaveLength(1); // its own end tag only
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${element}</body>`, 'text/html');
    expect(readServerState(doc)).toEqual(state);
  });

  it('reads none from a page the browser renders itself, or one whose state is not JSON', () => {
    expect(readServerState(new DOMParser().parseFromString('<!doctype html><body><div id="root"></div></body>', 'text/html'))).toBeNull();
    const broken = new DOMParser().parseFromString('<!doctype html><body><script type="application/json" id="preflight-state">{</script></body>', 'text/html');
    expect(readServerState(broken)).toBeNull();
  });
});
