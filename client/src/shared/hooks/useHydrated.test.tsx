import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated } from './useHydrated';

function Zone() {
  return <p>{useHydrated() ? 'reader' : 'server'}</p>;
}

describe('useHydrated', () => {
  it('gives the server’s version on the server and while hydrating (no mismatch), the browser’s right after', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Zone />);
    expect(container.textContent).toBe('server');
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Zone />, { onRecoverableError });
    });
    expect(container.textContent).toBe('reader');
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('gives the browser’s version at once to a page the browser renders itself', async () => {
    const container = document.createElement('div');
    const seen: string[] = [];
    function Recording() {
      const hydrated = useHydrated();
      seen.push(hydrated ? 'reader' : 'server');
      return null;
    }
    await act(async () => {
      createRoot(container).render(<Recording />);
    });
    expect(new Set(seen)).toEqual(new Set(['reader']));
  });
});
