import type { Queue } from 'bullmq';
import { queueJobs } from './metrics';

const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/** Reads each queue's job counts from Redis into the queue-depth gauge (called at scrape time). */
export async function readQueueDepth(queues: Queue[]): Promise<void> {
  for (const queue of queues) {
    const counts = await queue.getJobCounts(...STATES);
    for (const state of STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
  }
}
