import { isDatabaseUnavailable } from '../../common/outage';

/** First pause after a refused database call; doubles up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 15_000;
/** After this long without the database the job gives up (BullMQ's retries and the requeue sweep take over). */
export const GIVE_UP_AFTER_MS = 30 * 60 * 1000;

export interface DatabaseWaitOptions {
  /** Told once per outage, when the first call is refused (the worker logs it and writes it to the job's log). */
  onWait?: (error: unknown) => unknown;
  /** Told once when the database answers again after a wait. */
  onBack?: (waitedMs: number) => unknown;
  giveUpAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a database call; while PostgreSQL is unreachable, retries it with exponential backoff (1 s … 15 s) instead of
 * failing the job. The worker keeps its job (and its BullMQ lock, renewed from the event loop) through the outage and
 * finishes it once the database is back: an analysis that took minutes is not thrown away for a restart of PostgreSQL.
 * Any other error is thrown at once.
 */
export async function untilDatabaseAnswers<T>(operation: () => Promise<T>, options: DatabaseWaitOptions = {}): Promise<T> {
  const { onWait, onBack, giveUpAfterMs = GIVE_UP_AFTER_MS, sleep = defaultSleep } = options;
  let pause = FIRST_PAUSE_MS;
  let waitedMs = 0;
  for (;;) {
    try {
      const result = await operation();
      if (waitedMs > 0) await Promise.resolve(onBack?.(waitedMs)).catch(() => undefined);
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || waitedMs >= giveUpAfterMs) throw error;
      if (waitedMs === 0) await Promise.resolve(onWait?.(error)).catch(() => undefined);
      await sleep(pause);
      waitedMs += pause;
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}
