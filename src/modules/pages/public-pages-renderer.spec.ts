import { Logger } from '@nestjs/common';
import type { PageRequest } from './serve-client';
import { loadConfig } from '../../config/app-config';
import type { ClientRenderer } from './client-renderer';
import { PublicPagesRenderer } from './public-pages-renderer';
import { clientRendererWith } from '../../../test/support/client-renderer-fake';

const page = (url: string): PageRequest => ({ path: url.split('?')[0], url, cookie: undefined });

function rendererWith(client: ClientRenderer | null) {
  const template = jest.fn(() => Promise.resolve('<html>'));
  const renderer = new (class extends PublicPagesRenderer {
    protected override load() {
      return Promise.resolve(client);
    }
  })(loadConfig({}));
  return { renderer, template };
}

describe('PublicPagesRenderer', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('renders the landing page once, with the public config, and serves that to every visitor', async () => {
    const renderLandingPage = jest.fn((template: string, p: { path: string; config: { contactEmail: string } }) => Promise.resolve(`${template}|${p.path}|${p.config.contactEmail}`));
    const { renderer, template } = rendererWith(clientRendererWith({ renderLandingPage }));
    const config = loadConfig({});
    for (const url of ['/app/', '/app', '/app/']) expect(await renderer.render(page(url), template)).toBe(`<html>|/app/|${config.contactEmail}`);
    expect(renderLandingPage).toHaveBeenCalledTimes(1);
    expect(template).toHaveBeenCalledTimes(1);
  });

  it('renders the pricing page as it reads signed out, once', async () => {
    const renderPricingPage = jest.fn((template: string, p: { path: string; session: unknown }) => Promise.resolve(`${template}|${p.path}|${String(p.session)}`));
    const { renderer, template } = rendererWith(clientRendererWith({ renderPricingPage }));
    expect(await renderer.render(page('/app/pricing'), template)).toBe('<html>|/app/pricing|null');
    expect(await renderer.render(page('/app/pricing'), template)).toBe('<html>|/app/pricing|null');
    expect(renderPricingPage).toHaveBeenCalledTimes(1);
  });

  it('leaves other pages, and public pages with a query, to the browser', async () => {
    const renderLandingPage = jest.fn(() => Promise.resolve('rendered'));
    const renderPricingPage = jest.fn(() => Promise.resolve('rendered'));
    const { renderer, template } = rendererWith(clientRendererWith({ renderLandingPage, renderPricingPage }));
    const urls = ['/app/login', '/app/dashboard', '/app/?ref=x', '/app/pricing?checkout=cancelled', '/app/client/abc', '/appx', '/app/pricing/'];
    for (const url of urls) expect(await renderer.render(page(url), template)).toBeNull();
    expect(renderLandingPage).not.toHaveBeenCalled();
    expect(renderPricingPage).not.toHaveBeenCalled();
  });

  it('falls back to the browser and logs when rendering fails, and tries again on the next visit; none without a renderer', async () => {
    const renderLandingPage = jest.fn().mockRejectedValueOnce(new Error('window is not defined')).mockResolvedValue('rendered');
    const { renderer, template } = rendererWith(clientRendererWith({ renderLandingPage }));
    expect(await renderer.render(page('/app/'), template)).toBeNull();
    expect(Logger.prototype.error).toHaveBeenCalledWith(expect.stringContaining('window is not defined'));
    expect(await renderer.render(page('/app/'), template)).toBe('rendered');
    expect(await rendererWith(null).renderer.render(page('/app/'), template)).toBeNull();
  });
});
