import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './WhenNearViewport';

/** An IntersectionObserver the test moves into view. */
function fakeObserver() {
  const watched: { callback: IntersectionObserverCallback; margin?: string }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      watched.push({ callback, margin: options?.rootMargin });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    watched,
    scrollIntoView: () => act(() => watched.forEach(({ callback }) => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))),
  };
}

describe('WhenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds the place until it comes near the viewport, then renders what it holds', () => {
    const observer = fakeObserver();
    render(<WhenNearViewport placeholder={<p>reserved</p>}>{<p>chart</p>}</WhenNearViewport>);
    expect(screen.getByText('reserved')).toBeInTheDocument();
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
    expect(observer.watched[0]?.margin).toBe('100px');
    observer.scrollIntoView();
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(screen.queryByText('reserved')).not.toBeInTheDocument();
  });

  it('renders at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNearViewport placeholder={<p>reserved</p>}>{<p>chart</p>}</WhenNearViewport>);
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
