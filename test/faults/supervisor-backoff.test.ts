import { join } from 'node:path';
import { waitUntil } from '../support/wait';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..');

interface Supervised {
  pid(): number | undefined;
  restarts(): number;
  stop(graceMs?: number): Promise<void>;
}

/** The supervisor of `npm start` (scripts/lib/supervisor.mjs) with a child that crashes at once, every time. */
describe('the supervisor, with a child that keeps crashing', () => {
  it('restarts it with a doubling backoff: 0.5, 1, 2, 4 s…', async () => {
    const { supervise } = (await import(join(root, 'scripts', 'lib', 'supervisor.mjs'))) as {
      supervise(o: { name: string; entry: string; env: NodeJS.ProcessEnv; stdio: string; log(m: string): void }): Supervised;
    };
    const messages: string[] = [];
    const startedAt: number[] = [];
    // supervise() runs dist/<entry>; the fixture lives beside this test.
    const child = supervise({
      name: 'crasher',
      entry: join('..', 'test', 'faults', 'fixtures', 'exits-at-once.mjs'),
      env: process.env,
      stdio: 'ignore',
      log: (message) => {
        messages.push(message);
        startedAt.push(Date.now());
      },
    });
    try {
      await waitUntil(async () => child.restarts() >= 4, 'four restarts', 60_000, 50);
    } finally {
      await child.stop();
    }
    const delays = messages.slice(0, 4).map((m) => /restarting in ([\d.]+) s/.exec(m)?.[1]);
    expect(messages[0]).toMatch(/^crasher exited \(code 3\)/);
    expect(delays).toEqual(['0.5', '1.0', '2.0', '4.0']);
    // Each announced delay was really waited: the gap between two crashes is at least the delay before the restart.
    for (let i = 1; i < 4; i += 1) expect(startedAt[i] - startedAt[i - 1]).toBeGreaterThanOrEqual(Number(delays[i - 1]) * 1000);
  });
});
