// Two tiers: unit tests sit next to the code (src/**/*.spec.ts; the test doubles' own in test/support) and need nothing running;
// integration tests (test/**/*.test.ts) use the real PostgreSQL, Redis and ffmpeg; fault tests (test/faults) run the
// built product as processes and kill them.
const transform = { '^.+\\.ts$': ['@swc/jest'] };
// Tests read the shared package's source (the server build reads its compiled dist/).
const moduleNameMapper = { '^@preflight/shared$': '<rootDir>/packages/shared/src/index.ts' };
const common = { transform, moduleNameMapper, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };

const services = {
  ...common,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  testTimeout: 120000,
};

module.exports = {
  // Jest reads the time-out of tests and hooks from the top-level configuration only: a project's `testTimeout` is
  // ignored, so before this every beforeAll/afterAll had Jest's 5 s (and failed on a busy machine while starting the
  // API). 120 s for every tier; the projects keep theirs as documentation of what they need.
  testTimeout: 120000,
  projects: [
    // 30 s, not Jest's 5 s: a few unit tests start a process (the CLI, the OpenAPI writer), which a loaded machine can
    // hold for seconds before it runs.
    { ...common, displayName: 'unit', testTimeout: 30000, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/packages/*/src/**/*.spec.ts', '<rootDir>/test/support/**/*.spec.ts'] },
    { ...services, displayName: 'integration', testMatch: ['<rootDir>/test/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/', '<rootDir>/test/fuzz/'] },
    // Real processes of the built product, killed by PID: what a crash, a restart or a shutdown does to the work.
    { ...services, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.test.ts'] },
    // Requests generated from sdk/openapi.json, valid and malformed, against the real API: no 5xx, nothing undocumented.
    { ...services, displayName: 'fuzz', testMatch: ['<rootDir>/test/fuzz/**/*.test.ts'] },
  ],
};
