import { Logger, NotFoundException } from '@nestjs/common';
import { loadConfig } from '../../config/app-config';
import type { ShareLinksService, SharedReportDto } from '../share';
import type { ClientRenderer } from './client-renderer';
import { clientRendererWith } from '../../../test/support/client-renderer-fake';
import { SharedPageRenderer } from './shared-page-renderer';

const TOKEN = 'A'.repeat(43);
/** The page's HTML entry, read only when the page is rendered. */
const entryHtml = () => Promise.resolve('<html>');
const REPORT = { report_id: 'r1', filename: 'teaser.mp4' } as SharedReportDto;

/** The renderer with the share lookup (the counted one: a rendered page is that view's one open) and the client's renderer replaced. */
function rendererWith(openShared: (token: string) => Promise<SharedReportDto>, client: ClientRenderer | null) {
  const shareLinks = { openSharedCounted: jest.fn(openShared) };
  const renderer = new (class extends SharedPageRenderer {
    protected override load() {
      return Promise.resolve(client);
    }
  })(shareLinks as unknown as ShareLinksService, loadConfig({}));
  return { renderer, shareLinks };
}

const echoing = clientRendererWith({
  renderSharedReportPage: (template, page) => Promise.resolve(`${template}|${page.path}|${(page.report as SharedReportDto).filename}|${page.config.contactEmail}`),
});

describe('SharedPageRenderer', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('renders a live link’s page from the report the public share endpoint reads, with the public config', async () => {
    const { renderer, shareLinks } = rendererWith(() => Promise.resolve(REPORT), echoing);
    const html = await renderer.render(`/app/client/${TOKEN}`, entryHtml);
    expect(html).toBe(`<html>|/app/client/${TOKEN}|teaser.mp4|${loadConfig({}).contactEmail}`);
    expect(shareLinks.openSharedCounted).toHaveBeenCalledWith(TOKEN);
  });

  it('leaves every other page, and malformed tokens, to the browser without reading anything', async () => {
    const { renderer, shareLinks } = rendererWith(() => Promise.resolve(REPORT), echoing);
    for (const path of ['/app/dashboard', `/app/client/compare/${TOKEN}`, '/app/client/short', `/app/client/${'a'.repeat(20)}%3Cscript%3E`]) {
      expect(await renderer.render(path, entryHtml)).toBeNull();
    }
    expect(shareLinks.openSharedCounted).not.toHaveBeenCalled();
  });

  it('leaves a dead link to the browser (it says Report Not Found), quietly', async () => {
    const { renderer } = rendererWith(() => Promise.reject(new NotFoundException('gone')), echoing);
    expect(await renderer.render(`/app/client/${TOKEN}`, entryHtml)).toBeNull();
    expect(Logger.prototype.error).not.toHaveBeenCalled();
  });

  it('falls back to the browser, and logs, when rendering fails or there is no renderer', async () => {
    const failing = clientRendererWith({ renderSharedReportPage: () => Promise.reject(new Error('window is not defined')) });
    expect(await rendererWith(() => Promise.resolve(REPORT), failing).renderer.render(`/app/client/${TOKEN}`, entryHtml)).toBeNull();
    expect(Logger.prototype.error).toHaveBeenCalledWith(expect.stringContaining('window is not defined'));
    expect(await rendererWith(() => Promise.resolve(REPORT), null).renderer.render(`/app/client/${TOKEN}`, entryHtml)).toBeNull();
  });
});
