/** How often the worker running an analysis writes its heartbeat (reports.worker_seen_at). */
export const HEARTBEAT_EVERY_MS = 5_000;
/** A worker silent this long (three missed heartbeats) is taken for dead: the report shows "resuming". */
export const WORKER_SILENT_AFTER_MS = 16_000;
/** The status line while another worker takes an interrupted analysis over and catches up with its progress. */
export const RESUMING_MESSAGE = 'Resuming: the analysis was interrupted and is being picked up again';

/**
 * Whether a report's analysis is being resumed: its worker went silent (killed, out of memory, machine lost) and the
 * job waits for the stalled-job check, or a new worker runs it and has not yet caught up with the old progress.
 */
export function isResuming(report: { status: string; workerSeenAt: Date | null; stepMessage: string | null }, now = Date.now()): boolean {
  if (report.status !== 'processing') return false;
  if (report.stepMessage === RESUMING_MESSAGE) return true;
  return report.workerSeenAt !== null && now - report.workerSeenAt.getTime() > WORKER_SILENT_AFTER_MS;
}
