import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { serveClient } from './serve-client';

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

  it('serves them in development', async () => {
    await request(appServing(true)).get('/app/assets/index-abc123.js.map').expect(200);
  });
});
