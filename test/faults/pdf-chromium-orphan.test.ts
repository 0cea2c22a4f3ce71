import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from '../support/wait';

jest.setTimeout(120_000);

const renderer = join(__dirname, '..', '..', 'dist', 'infra', 'pdf', 'chromium-pdf-renderer.js');
/** Running, not exited (a zombie waiting for its parent counts as gone). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The worker's warm Chromium must die with the worker: a SIGKILL leaves no one to close it. */
describe('a process holding the PDF renderer’s Chromium is killed with SIGKILL', () => {
  it('takes its Chromium with it', async () => {
    // A real process that renders one PDF with the product's renderer and then waits, as the worker does.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const { ChromiumPdfRenderer } = require(${JSON.stringify(renderer)});
         const r = new ChromiumPdfRenderer();
         r.render('<p>hello</p>', { format: 'A4' }).then(() => r.pid()).then((pid) => { console.log('chromium', pid); setInterval(() => {}, 1000); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    holder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const chromium = await waitUntil(async () => Number(/chromium (\d+)/.exec(output)?.[1]) || null, 'the rendered PDF', 90_000, 100);
    expect(alive(chromium)).toBe(true);

    holder.kill('SIGKILL');
    await waitUntil(async () => !alive(chromium), `Chromium ${chromium} to exit after its holder was killed`, 20_000, 100);
  });
});
