import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChromiumPdfRenderer } from '../../src/infra/pdf/chromium-pdf-renderer';
import { waitUntil } from '../support/wait';

jest.setTimeout(120_000);

const page = (text: string) => `<!doctype html><html><body><h1>${text}</h1></body></html>`;
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ChromiumPdfRenderer (Debian Chromium through puppeteer-core)', () => {
  let renderer: ChromiumPdfRenderer;

  beforeEach(() => {
    renderer = new ChromiumPdfRenderer({ maxConcurrent: 2 });
  });
  afterEach(async () => {
    await renderer.close();
  });

  it('prints A4 PDFs from one warm browser, several at once', async () => {
    await renderer.start();
    const pid = await renderer.pid();
    const pdfs = await Promise.all(['one', 'two', 'three', 'four'].map((t) => renderer.render(page(t), { format: 'a4' })));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await renderer.pid()).toBe(pid); // the same browser served every render
  });

  it('starts Chromium again when it dies, and the next render succeeds', async () => {
    const first = (await renderer.pid())!;
    process.kill(first, 'SIGKILL');
    await waitUntil(async () => !isAlive(first), 'Chromium to exit', 10_000, 50);
    const pdf = await renderer.render(page('after the crash'), { format: 'a4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await renderer.pid();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('never lets the document reach the network', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const pdf = await renderer.render(page(`<img src="http://127.0.0.1:${port}/tracker.png">offline`), { format: 'a4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('closes Chromium on close() and refuses to render afterwards', async () => {
    const pid = (await renderer.pid())!;
    await renderer.close();
    await waitUntil(async () => !isAlive(pid), 'Chromium to exit after close()', 10_000, 50);
    await expect(renderer.render(page('late'), { format: 'a4' })).rejects.toThrow('closed');
  });
});
