// Two tiers: unit tests sit next to the code (src/**/*.spec.ts) and need nothing running;
// integration tests (test/**/*.test.ts) use the real PostgreSQL, Redis and ffmpeg.
const transform = { '^.+\\.ts$': ['@swc/jest'] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
      setupFiles: ['<rootDir>/test/setup/env.ts'],
      testTimeout: 120000,
    },
  ],
};
