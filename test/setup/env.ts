// Runs in every integration test file before it loads: the values were fixed by global setup for this run.
if (!process.env.DATABASE_URL?.includes('preflight_test_')) {
  throw new Error('Integration tests must run through jest global setup (npm run test:integration).');
}
