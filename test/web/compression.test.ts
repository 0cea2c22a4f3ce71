import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../client/build/precompress';
import { startApiApp } from '../support/api-app';

/** One GET with the raw body as sent (no client-side decoding), so the test sees what travelled. */
function fetchRaw(port: number, path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compressed and cached delivery of the web app and the API', () => {
  let dist: string;
  let app: NestExpressApplication;
  let port: number;
  const previousDist = process.env.CLIENT_DIST_DIR;
  // Repetitive like real bundles, and big enough for every threshold.
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'preflight'.repeat(4)}${i}";`).join('\n');
  const html = `<!doctype html><html lang="en"><head><title>Preflight</title></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;

  beforeAll(async () => {
    // A build's output, precompressed by the same step the client build runs.
    dist = mkdtempSync(join(tmpdir(), 'preflight-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'inter-latin-xyz789.woff2'), Buffer.alloc(4096, 7));
    precompressDir(dist);
    process.env.CLIENT_DIST_DIR = dist;
    app = await startApiApp();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    process.env.CLIENT_DIST_DIR = previousDist;
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('sends a hashed script as the precompressed copy the browser accepts (%s → %s), cached for a year', async (accept, encoding) => {
    const res = await fetchRaw(port, '/app/assets/index-abc123.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(decode(encoding, res.body).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await fetchRaw(port, '/app/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(script);
  });

  it('answers a deep link with index.html, compressed and revalidated on every load', async () => {
    const res = await fetchRaw(port, '/app/analysis?id=x', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.body).toString()).toBe(html);
  });

  it('leaves fonts as they are (woff2 is compressed already)', async () => {
    const res = await fetchRaw(port, '/app/assets/inter-latin-xyz789.woff2', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(readFileSync(join(dist, 'assets', 'inter-latin-xyz789.woff2')))).toBe(true);
  });

  it('compresses API JSON above the threshold, and decodes to the same document', async () => {
    const plain = await fetchRaw(port, '/api/docs-json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await fetchRaw(port, '/api/docs-json', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode('br', res.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('leaves small JSON answers uncompressed', async () => {
    const res = await fetchRaw(port, '/api/health', 'gzip');
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
