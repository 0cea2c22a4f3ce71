import type { DefaultJobOptions } from 'bullmq';

/** Every queue, named once. */
export enum QueueName {
  Analysis = 'analysis',
  Maintenance = 'maintenance',
  Pdf = 'pdf',
  Webhooks = 'webhooks',
}

/** Job names and their payloads, per queue. */
export interface JobPayloads {
  /** requestId: the upload request's id, so the worker's log lines can be matched with the API's. */
  [QueueName.Analysis]: { analyze: { reportId: string; requestId?: string } };
  [QueueName.Maintenance]: { sweep: Record<string, never>; requeue: Record<string, never> };
  [QueueName.Pdf]: { render: { reportId: string }; 'render-comparison': { a: string; b: string } };
  [QueueName.Webhooks]: { deliver: { deliveryId: string } };
}

export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export const MAINTENANCE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Reports left processing without a job are looked for every minute, so a lost enqueue costs minutes, not an hour. */
export const REQUEUE_CHECK_EVERY_MS = 60 * 1000;
