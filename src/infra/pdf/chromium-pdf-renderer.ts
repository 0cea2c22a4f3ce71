import puppeteer, { type Browser, type PDFOptions } from 'puppeteer-core';
import { HEADLESS_CHROMIUM_FLAGS } from '../chromium/flags';

/** Debian's Chromium; the product never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The shared headless flags, and /dev/shm left alone (a container's is small; Chromium writes to /tmp instead). */
export const CHROMIUM_FLAGS = ['--headless', ...HEADLESS_CHROMIUM_FLAGS, '--disable-dev-shm-usage'];

export interface RendererOptions {
  executablePath?: string;
  /** Renders at once; more wait their turn (each page costs a renderer process and its memory). */
  maxConcurrent?: number;
  /** Upper bound for one render (page load + print). */
  renderTimeoutMs?: number;
}

/** A counting semaphore: at most `limit` holders at once, the rest wait in order. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * One warm Chromium for the process: started on first use (or by `start()`), one fresh page per render, a bounded
 * number of renders at once, started again when it dies, closed by `close()`.
 */
export class ChromiumPdfRenderer {
  private browser: Promise<Browser> | null = null;
  private closed = false;
  private readonly slots: Slots;
  private readonly executablePath: string;
  private readonly renderTimeoutMs: number;

  constructor(options: RendererOptions = {}) {
    this.executablePath = options.executablePath ?? CHROMIUM_PATH;
    this.slots = new Slots(options.maxConcurrent ?? 2);
    this.renderTimeoutMs = options.renderTimeoutMs ?? 60_000;
  }

  /** Starts Chromium now, so the first render does not pay for it. */
  async start(): Promise<void> {
    await this.ensureBrowser();
  }

  /** Prints self-contained HTML (no network: every font and image is inline) to a PDF. */
  render(html: string, pdf: PDFOptions): Promise<Buffer> {
    return this.slots.run(async () => {
      try {
        return await this.renderOnce(html, pdf);
      } catch (error) {
        // A browser that died mid-render is started again and the render tried once more.
        if (this.closed || (await this.isAlive())) throw error;
        return this.renderOnce(html, pdf);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }

  /** The running browser's process id (tests kill it to check the restart). */
  async pid(): Promise<number | undefined> {
    return (await this.ensureBrowser()).process()?.pid;
  }

  private async renderOnce(html: string, pdf: PDFOptions): Promise<Buffer> {
    const browser = await this.ensureBrowser();
    const page = await browser.newPage();
    try {
      page.setDefaultTimeout(this.renderTimeoutMs);
      // Nothing may leave the machine: the document is self-contained, so any request is a bug.
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url === 'about:blank') void request.continue();
        else void request.abort('blockedbyclient');
      });
      await page.setContent(html, { waitUntil: 'load', timeout: this.renderTimeoutMs });
      // Print only once the embedded fonts are in (a string: the server is compiled without DOM types).
      await page.evaluate('document.fonts.ready.then(() => true)');
      return Buffer.from(await page.pdf({ timeout: this.renderTimeoutMs, ...pdf }));
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  private async isAlive(): Promise<boolean> {
    const browser = await this.browser?.catch(() => null);
    return !!browser?.connected;
  }

  private ensureBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the PDF renderer is closed'));
    if (!this.browser) {
      const launching = puppeteer.launch({
        executablePath: this.executablePath,
        headless: true,
        args: CHROMIUM_FLAGS,
        // The product's own shutdown closes it. Chromium must not outlive a crashed process either: puppeteer starts it
        // in its own process group (a group kill of the worker misses it), but over a pipe it exits when the pipe's
        // other end, this process, is gone.
        pipe: true,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.once('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }
}
