import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './afterFirstContentfulPaint';

type Entries = { getEntriesByName: (name: string) => unknown[] };

/** A PerformanceObserver whose paint entries the test delivers. */
function fakePaintTiming() {
  const observers: ((list: Entries) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: Entries) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => observers.slice().forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }));
}

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts once the first contentful paint is reported, not at the first (blank) paint, and only once', () => {
    vi.useFakeTimers();
    const report = fakePaintTiming();
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    report('first-paint');
    expect(task).not.toHaveBeenCalled();
    report('first-contentful-paint');
    vi.advanceTimersByTime(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts within a second however the page paints', () => {
    vi.useFakeTimers();
    fakePaintTiming();
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts after the next frame', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const started = new Promise<void>((resolve) => afterFirstContentfulPaint(resolve));
    await expect(started).resolves.toBeUndefined();
  });
});
