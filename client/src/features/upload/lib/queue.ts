import { MAX_FILES } from '@preflight/shared';
import { fileError, maxFilesMessage, validateFile, type FileLike } from './validation';

/** Upload queue item (docs/product.md, Upload): pending → uploading → completed | error. */
export type QueueStatus = 'pending' | 'uploading' | 'completed' | 'error';

export interface QueueItem<F extends FileLike = File> {
  id: string;
  file: F;
  /** 0–100, bytes sent / total. */
  progress: number;
  status: QueueStatus;
  reportId?: string;
  error?: string;
}

export interface AddResult<F extends FileLike> {
  queue: QueueItem<F>[];
  /** One line per refused file: "{filename}: {reason}". */
  rejected: string[];
  /** "Maximum 5 files allowed: 6.mp4 was not added." when files were left out for the limit. */
  limitMessage: string | null;
}

let counter = 0;
const nextId = () => `q${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Adds picked files to the queue: invalid files are refused with their reason; valid ones beyond 5 in the queue are
 * refused with "Maximum 5 files allowed", naming each file left out.
 */
export function addFiles<F extends FileLike>(queue: QueueItem<F>[], files: readonly F[], makeId: () => string = nextId): AddResult<F> {
  const next = [...queue];
  const rejected: string[] = [];
  const leftOut: string[] = [];
  for (const file of files) {
    const reason = validateFile(file);
    if (reason) {
      rejected.push(fileError(file.name, reason));
      continue;
    }
    if (next.length >= MAX_FILES) {
      leftOut.push(file.name);
      continue;
    }
    next.push({ id: makeId(), file, progress: 0, status: 'pending' });
  }
  return { queue: next, rejected, limitMessage: leftOut.length ? maxFilesMessage(leftOut) : null };
}

/** An uploading item cannot be removed. */
export const canRemove = (item: Pick<QueueItem<FileLike>, 'status'>) => item.status !== 'uploading';

export function removeItem<F extends FileLike>(queue: QueueItem<F>[], id: string): QueueItem<F>[] {
  return queue.filter((item) => item.id !== id || !canRemove(item));
}

export function updateItem<F extends FileLike>(queue: QueueItem<F>[], id: string, patch: Partial<QueueItem<F>>): QueueItem<F>[] {
  return queue.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

/** Items Upload All starts. */
export const pendingItems = <F extends FileLike>(queue: QueueItem<F>[]) => queue.filter((item) => item.status === 'pending');

/** Progress as a whole percentage from bytes sent and total. */
export function percent(sent: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}
