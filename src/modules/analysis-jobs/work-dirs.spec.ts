import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDeadWorkersScratch, workDirOfThisProcess } from './work-dirs';

describe('worker scratch folders', () => {
  it('removes the folders of dead workers and keeps live ones', () => {
    const root = mkdtempSync(join(tmpdir(), 'preflight-scratch-'));
    try {
      const mine = workDirOfThisProcess(root);
      const deadPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      mkdirSync(join(root, deadPid, 'preflight-abc'), { recursive: true });
      mkdirSync(join(root, String(process.ppid)), { recursive: true });
      expect(removeDeadWorkersScratch(root)).toEqual([join(root, deadPid)]);
      expect(existsSync(mine)).toBe(true);
      expect(existsSync(join(root, String(process.ppid)))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
