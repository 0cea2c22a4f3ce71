import express from 'express';
import request from 'supertest';
import { compressResponses, COMPRESS_THRESHOLD_BYTES } from './compress-responses';

describe('compressResponses', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `report ${i}` })) };
  const http = express();
  http.use(compressResponses());
  http.get('/api/reports', (_req, res) => res.json(big));
  http.get('/api/me', (_req, res) => res.json({ id: 'u1' }));
  http.get('/api/upload/tus/x', (_req, res) => res.json(big));
  http.get('/reports/r_data/frames/1.jpg', (_req, res) => res.type('jpeg').send(Buffer.alloc(50_000, 1)));

  it('compresses JSON above the threshold', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await request(http).get('/api/reports').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual(big); // supertest decodes gzip
  });

  it('leaves small answers, upload routes and already compressed files alone', async () => {
    for (const path of ['/api/me', '/api/upload/tus/x', '/reports/r_data/frames/1.jpg']) {
      const res = await request(http).get(path).set('Accept-Encoding', 'gzip, br');
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
    }
  });
});
