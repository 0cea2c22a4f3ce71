import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { serveClient, type PageRequest } from './serve-client';

describe('serveClient', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'preflight-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Preflight</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const appServing = (sourceMaps: boolean) => {
    const http = express();
    serveClient({ getHttpAdapter: () => ({ getInstance: () => http }) } as never, dist, { sourceMaps });
    return http;
  };

  it('never serves source maps in production, and caches hashed assets for a year', async () => {
    const http = appServing(false);
    await request(http).get('/app/assets/index-abc123.js.map').expect(404);
    const js = await request(http).get('/app/assets/index-abc123.js').expect(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a precompressed copy when the build made one, the plain file otherwise', async () => {
    writeFileSync(join(dist, 'assets', 'app-def456.js'), 'plain');
    writeFileSync(join(dist, 'assets', 'app-def456.js.gz'), gzipSync('plain'));
    const http = appServing(false);
    const gz = await request(http).get('/app/assets/app-def456.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip'); // no .br copy: the best one there is
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.text).toBe('plain');
    const plain = await request(http).get('/app/assets/index-abc123.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined(); // no copies: the answer never varies
  });

  it("answers a page section's deep links with its own entry when the build made one, index.html otherwise", async () => {
    mkdirSync(join(dist, 'routes'), { recursive: true });
    writeFileSync(join(dist, 'routes', 'analysis.html'), '<!doctype html><title>Preflight analysis</title>');
    // The API's own Express (5: `*splat` routes), as Nest creates it; the root `express` package is 4.
    const adapter = new ExpressAdapter();
    serveClient({ getHttpAdapter: () => adapter } as never, dist, { sourceMaps: false });
    const http = adapter.getInstance();
    const analysis = await request(http).get('/app/analysis?id=r1').expect(200);
    expect(analysis.text).toContain('Preflight analysis');
    expect(analysis.headers['cache-control']).toBe('no-cache');
    expect((await request(http).get('/app/pricing').expect(200)).text).toBe('<!doctype html><title>Preflight</title>');
    expect((await request(http).get('/app/').expect(200)).text).toBe('<!doctype html><title>Preflight</title>');
  });

  it('sends the Link header the caller gives for a page, and none where it gives none', async () => {
    const adapter = new ExpressAdapter();
    const linkFor = (path: string) => (path.startsWith('/app/client/') ? '</public/x>; rel=preload; as=fetch' : null);
    serveClient({ getHttpAdapter: () => adapter } as never, dist, { linkFor });
    const http = adapter.getInstance();
    expect((await request(http).get('/app/client/t1').expect(200)).headers.link).toBe('</public/x>; rel=preload; as=fetch');
    expect((await request(http).get('/app/dashboard').expect(200)).headers.link).toBeUndefined();
  });

  it('sends a page rendered on the server compressed and never stored, and the entry as it is when none is rendered', async () => {
    const adapter = new ExpressAdapter();
    const seen: PageRequest[] = [];
    const renderPage = async (page: PageRequest, template: () => Promise<string>) => {
      seen.push(page);
      return page.path === '/app/client/t1' ? (await template()).replace('<title>Preflight</title>', '<title>Rendered</title>') : null;
    };
    const linkFor = () => '</public/x>; rel=preload; as=fetch';
    serveClient({ getHttpAdapter: () => adapter } as never, dist, { renderPage, linkFor });
    const http = adapter.getInstance();
    const rendered = await request(http).get('/app/client/t1?x=1').set('Accept-Encoding', 'br').set('Cookie', 'a=b').expect(200);
    expect(seen[0]).toEqual({ path: '/app/client/t1', url: '/app/client/t1?x=1', cookie: 'a=b' });
    expect(rendered.headers['content-encoding']).toBe('br');
    expect(rendered.headers['cache-control']).toBe('private, no-store');
    expect(rendered.headers.link).toBeUndefined(); // its data is in the page
    expect(rendered.text).toBe('<!doctype html><title>Rendered</title>');
    const plain = await request(http).get('/app/client/t2').expect(200);
    expect(plain.text).toBe('<!doctype html><title>Preflight</title>');
    expect(plain.headers.link).toBe('</public/x>; rel=preload; as=fetch');
  });

  it('serves them in development', async () => {
    await request(appServing(true)).get('/app/assets/index-abc123.js.map').expect(200);
  });
});
