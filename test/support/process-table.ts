import { execFileSync } from 'node:child_process';

/** Every process below `pid` (children, grandchildren…), from the kernel's process table. */
export function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString().trim().split('\n');
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const [child, parent] = row.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether a process with this id still exists (signal 0 probes without sending anything). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
