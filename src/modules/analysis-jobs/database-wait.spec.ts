import { untilDatabaseAnswers } from './database-wait';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('untilDatabaseAnswers', () => {
  it('retries an unreachable database with growing pauses and reports the wait once', async () => {
    const pauses: number[] = [];
    const events: string[] = [];
    let calls = 0;
    const result = await untilDatabaseAnswers(
      async () => {
        calls += 1;
        if (calls < 6) throw refused();
        return 'written';
      },
      { sleep: async (ms) => void pauses.push(ms), onWait: () => events.push('wait'), onBack: (ms) => events.push(`back after ${ms}`) },
    );
    expect(result).toBe('written');
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 15000]);
    expect(events).toEqual(['wait', 'back after 30000']);
  });

  it('throws any other error at once, and an outage after the give-up time', async () => {
    const bug = new TypeError('not a database problem');
    await expect(untilDatabaseAnswers(() => Promise.reject(bug), { sleep: async () => undefined })).rejects.toBe(bug);
    let calls = 0;
    await expect(
      untilDatabaseAnswers(() => ((calls += 1), Promise.reject(refused())), { sleep: async () => undefined, giveUpAfterMs: 5000 }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(calls).toBe(4); // 1 s + 2 s + 4 s waited ≥ 5 s: the fourth refusal is final
  });
});
