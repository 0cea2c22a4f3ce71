import { QueueErrorLog } from './queue-error-log';

describe('QueueErrorLog', () => {
  it('logs one line per distinct error and source, and repeats only after a minute with a count', () => {
    const log = new QueueErrorLog(undefined as never, undefined as never);
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379\n    at TCPConnectWrap…');
    expect(log.report('worker analysis', refused, 0)).toBe(true);
    for (let t = 1; t < 50; t += 1) expect(log.report('worker analysis', refused, t * 1000)).toBe(false);
    expect(log.report('queue analysis', refused, 2000)).toBe(true);
    expect(log.report('worker analysis', new Error('Missing key for job 36a23b5f-c310-4a8a-8310-3edf831379c4. moveToFinished'), 3000)).toBe(true);
    expect(log.report('worker analysis', new Error('Missing key for job 46a23b5f-c310-4a8a-8310-3edf831379c4. moveToFinished'), 4000)).toBe(false);
    expect(log.report('worker analysis', refused, 61_000)).toBe(true);
  });
});
