import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Scratch space of the analyses on this machine: one folder per worker process, named by its pid, so that the
 * folders of a worker that was killed (SIGKILL leaves no time to clean up) can be told from live ones and removed.
 */
export const WORK_ROOT = join(tmpdir(), 'preflight-work');

export function workDirOfThisProcess(root = WORK_ROOT): string {
  const dir = join(root, String(process.pid));
  mkdirSync(dir, { recursive: true });
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of worker processes that no longer run; returns what it removed. */
export function removeDeadWorkersScratch(root = WORK_ROOT): string[] {
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(join(root, name));
  }
  return removed;
}
