import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startApiApp } from '../support/api-app';

describe('API foundation', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await startApiApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports database and Redis up on /api/health without a token', async () => {
    const res = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.redis.status).toBe('up');
  });

  it('serves the OpenAPI document with bearer auth declared, and Swagger UI', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.paths['/api/me'].get.operationId).toBe('getMe');
    const ui = await request(app.getHttpServer()).get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  it('answers errors as JSON with a message and the request id', async () => {
    const res = await request(app.getHttpServer()).get('/api/no-such-route').set('X-Request-Id', 'req-12345678').expect(404);
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(res.body).toMatchObject({ statusCode: 404, requestId: 'req-12345678' });
    expect(typeof res.body.message).toBe('string');
  });

  it('gives every request an id and sets security headers', async () => {
    const res = await request(app.getHttpServer()).get('/public/config').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('rejects malformed JSON bodies with a message', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/me')
      .set('content-type', 'application/json')
      .send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('redirects / to /app/', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(302);
    expect(res.headers.location).toBe('/app/');
  });

  it('gives the browser app its runtime configuration', async () => {
    const res = await request(app.getHttpServer()).get('/public/config').expect(200);
    expect(res.body.firebase.projectId).toBe(process.env.FIREBASE_PROJECT_ID);
    expect(res.body.authEmulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
    expect(res.body.contactEmail).toMatch(/@/);
  });
});

describe('HTTP server limits', () => {
  it('lets one request run for the spec’s one-hour upload time-out', async () => {
    const app = await startApiApp();
    const server = app.getHttpServer() as import('node:http').Server;
    expect(server.requestTimeout).toBe(60 * 60 * 1000);
    await app.close();
  });
});
