import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { startApiApp } from '../support/api-app';
import { createTestUser, forgeEmulatorToken, tokenClaims } from '../support/firebase-emulator';

describe('Firebase ID token guard on /api', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  beforeAll(async () => {
    app = await startApiApp();
    db = app.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await app.close();
  });

  const me = (authorization?: string) => {
    const req = request(app.getHttpServer()).get('/api/me');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  it('answers 401 with a JSON message for no token, garbage, expired, wrong project; 200 for a valid one', async () => {
    const user = await createTestUser('Ada Creator');
    const claims = tokenClaims(user.idToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = forgeEmulatorToken({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
    const otherProject = forgeEmulatorToken({
      ...claims,
      aud: 'demo-someone-else',
      iss: 'https://securetoken.google.com/demo-someone-else',
    });

    const noToken = await me().expect(401);
    const garbage = await me('Bearer abc.def.ghi').expect(401);
    const malformed = await me('Token something').expect(401);
    const late = await me(`Bearer ${expired}`).expect(401);
    const foreign = await me(`Bearer ${otherProject}`).expect(401);
    for (const res of [noToken, garbage, malformed, late, foreign]) {
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect(noToken.body.message).toBe('Authentication required');

    const ok = await me(`Bearer ${user.idToken}`).expect(200);
    expect(ok.body).toMatchObject({ uid: user.uid, email: user.email, displayName: 'Ada Creator' });
  });

  it('creates the user row on the first request only', async () => {
    const user = await createTestUser('Once');
    const count = async () =>
      Number((await db.query('SELECT count(*) FROM users WHERE firebase_uid = $1', [user.uid]))[0].count);
    expect(await count()).toBe(0);
    const first = await me(`Bearer ${user.idToken}`).expect(200);
    const second = await me(`Bearer ${user.idToken}`).expect(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await count()).toBe(1);
  });

  it('leaves /public and health open, and the debug probe reports who the token is', async () => {
    await request(app.getHttpServer()).get('/public/config').expect(200);
    await request(app.getHttpServer()).get('/api/health').expect(200);
    const user = await createTestUser();
    const probe = await request(app.getHttpServer()).get('/debug/auth-test').set('Authorization', `Bearer ${user.idToken}`).expect(200);
    expect(probe.body).toMatchObject({ verified: true, uid: user.uid, emulator: true });
    const bad = await request(app.getHttpServer()).get('/debug/auth-test').set('Authorization', 'Bearer x.y.z').expect(200);
    expect(bad.body).toMatchObject({ verified: false, uid: null });
  });
});
