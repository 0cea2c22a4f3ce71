import { defineConfig } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS } from '../../src/infra/chromium/flags';

// The stack is started by scripts/browser-tests.mjs; this config only drives Debian's Chromium against it.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/browser',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/browser.json' }]] : [['list']],
  use: {
    baseURL: process.env.PREFLIGHT_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: HEADLESS_CHROMIUM_FLAGS,
    },
  },
});
