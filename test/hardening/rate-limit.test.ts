import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { RATE_LIMITS } from '../../src/common/rate-limit/limits';
import { startApiApp } from '../support/api-app';
import { createTestUser, forgeEmulatorToken, tokenClaims } from '../support/firebase-emulator';

/**
 * Budgets per creator on /api, per IP on /public and on failed authentication: the next request answers 429 with
 * Retry-After and a JSON message. Each case uses its own client address (X-Forwarded-For: the test is the one trusted hop,
 * TRUST_PROXY=1, as our load balancer is) so it cannot spend another test's budget.
 */
jest.setTimeout(120_000);

describe('rate limits', () => {
  let app: NestExpressApplication;
  const http = () => request(app.getHttpServer());
  let address = 0;
  const newClient = () => `203.0.113.${(address += 1)}`;

  beforeAll(async () => {
    app = await startApiApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * Sends request number 0 … count-1, `inFlight` at a time: one after another, 1200 requests take minutes on a loaded
   * machine, longer than the minute a budget is counted in.
   */
  const sendMany = async (count: number, send: (i: number) => Promise<unknown>, inFlight = 25) => {
    for (let start = 0; start < count; start += inFlight) {
      await Promise.all(Array.from({ length: Math.min(inFlight, count - start) }, (_, k) => send(start + k)));
    }
  };

  const expectTooMany = (res: request.Response) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many requests\. Please wait \d+ s/) });
  };

  it(`gives each IP ${RATE_LIMITS.publicPerIpPerMinute} calls a minute on /public, then 429`, async () => {
    const ip = newClient();
    await sendMany(RATE_LIMITS.publicPerIpPerMinute, () => http().get('/public/dashboard/reports').set('X-Forwarded-For', ip).expect(200));
    expectTooMany(await http().get('/public/dashboard/reports').set('X-Forwarded-For', ip));
    await http().get('/public/dashboard/reports').set('X-Forwarded-For', newClient()).expect(200); // others unaffected
  });

  /**
   * Issue 29, item 8: the shared report page and report.json read with a share token answered 200 and 300 requests in
   * a row. They spend the same per-address budget as the other share lookups.
   */
  it.each([
    ['the shared report page', (i: number) => `/app/client/${'t'.repeat(40)}${String(i).padStart(3, '0')}`],
    ['report.json read with ?share=', (i: number) => `/reports/00000000-0000-4000-8000-${String(i).padStart(12, '0')}_data/report.json?share=${'s'.repeat(43)}`],
  ])(`limits %s to the ${RATE_LIMITS.publicPerIpPerMinute} share lookups an IP gets a minute`, async (_what, path) => {
    const ip = newClient();
    await sendMany(RATE_LIMITS.publicPerIpPerMinute, async (i) => expect((await http().get(path(i)).set('X-Forwarded-For', ip)).status).not.toBe(429));
    const refused = await http().get(path(999)).set('X-Forwarded-For', ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toMatch(/Too many requests\. Please wait \d+ s/);
    expect((await http().get(path(1)).set('X-Forwarded-For', newClient())).status).not.toBe(429); // others unaffected
  });

  it(`gives each creator ${RATE_LIMITS.apiPerUserPerMinute} calls a minute on /api, whatever their address`, async () => {
    const [creator, other] = await Promise.all([createTestUser('Busy'), createTestUser('Calm')]);
    const auth = { Authorization: `Bearer ${creator.idToken}` };
    await sendMany(RATE_LIMITS.apiPerUserPerMinute, (i) =>
      http().get('/api/me').set(auth).set('X-Forwarded-For', i % 2 ? newClient() : '198.51.100.7').expect(200),
    );
    expectTooMany(await http().get('/api/me').set(auth).set('X-Forwarded-For', newClient()));
    await http().get('/api/me').set({ Authorization: `Bearer ${other.idToken}` }).expect(200);
  });

  /**
   * Issue 29, item 7: after 30 refused tokens from one address, a valid token from that address was refused too (429
   * for 10 minutes), so an office or a carrier's address locked out every creator behind it. Refusals are counted per
   * address and token shape, and a token that verifies is never refused.
   */
  it(`locks out a token shape after ${RATE_LIMITS.failedAuthPerIpPer10Minutes} refusals from an address, never a token that verifies`, async () => {
    const office = newClient();
    const [good, colleague] = await Promise.all([createTestUser('Good'), createTestUser('Colleague')]);
    const fromOffice = (token: string) => http().get('/api/me').set({ Authorization: `Bearer ${token}` }).set('X-Forwarded-For', office);
    await sendMany(RATE_LIMITS.failedAuthPerIpPer10Minutes, (i) => fromOffice(`guess-${i}`).expect(401));
    expectTooMany(await fromOffice('guess-again')); // the guessing shape is locked out
    // Creators behind the same address still sign in, again and again.
    for (let i = 0; i < 3; i += 1) await fromOffice(good.idToken).expect(200);
    await fromOffice(colleague.idToken).expect(200);
    // Forged tokens for the colleague (wrong audience) are another shape: refused one by one (401), then locked out alone.
    const forged = (i: number) => forgeEmulatorToken({ ...tokenClaims(colleague.idToken), aud: 'another-project', iat: 1_700_000_000 + i });
    await sendMany(RATE_LIMITS.failedAuthPerIpPer10Minutes, (i) => fromOffice(forged(i)).expect(401));
    expectTooMany(await fromOffice(forged(99)));
    // The colleague's real token (same subject as the forgeries) verifies: never refused.
    await fromOffice(colleague.idToken).expect(200);
    await fromOffice(good.idToken).expect(200);
  });
});
