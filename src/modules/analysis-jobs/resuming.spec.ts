import { isResuming, RESUMING_MESSAGE, WORKER_SILENT_AFTER_MS } from './resuming';

describe('isResuming', () => {
  const now = Date.parse('2026-11-27T03:00:00Z');
  const report = (over: Partial<{ status: string; workerSeenAt: Date | null; stepMessage: string | null }>) => ({
    status: 'processing',
    workerSeenAt: new Date(now - 2_000),
    stepMessage: 'AI Analysis',
    ...over,
  });

  it('is true when the worker went silent or a new worker is catching up', () => {
    expect(isResuming(report({}), now)).toBe(false);
    expect(isResuming(report({ workerSeenAt: new Date(now - WORKER_SILENT_AFTER_MS - 1) }), now)).toBe(true);
    expect(isResuming(report({ stepMessage: RESUMING_MESSAGE }), now)).toBe(true);
  });

  it('is false for a waiting job (no worker yet) and for finished reports', () => {
    expect(isResuming(report({ workerSeenAt: null }), now)).toBe(false);
    expect(isResuming(report({ status: 'completed', workerSeenAt: new Date(0) }), now)).toBe(false);
  });
});
