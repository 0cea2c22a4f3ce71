import { randomBytes } from 'node:crypto';

/** Names shared by global setup, the test files and teardown for one test run. */
export function testRunIds() {
  const runId = process.env.PREFLIGHT_TEST_RUN ?? `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `preflight_test_${runId}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { runId, adminUrl, database, databaseUrl: url.toString(), queuePrefix: `preflight-test-${runId}` };
}
