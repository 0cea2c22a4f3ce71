// Browser tier: the built product (API + worker + auth emulator) on a fresh database, driven by Playwright in
// Debian's Chromium. Arguments are passed to `playwright test`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureNode24, ensureTestTools, ROOT } from './lib/bootstrap.mjs';
import { withBrowserStack } from './lib/browser-stack.mjs';

ensureTestTools();
ensureNode24();
const status = await withBrowserStack('browser', async ({ baseUrl, env, emulatorHost }) => {
  // Not spawnSync: the Stripe stand-in answers from this process while Playwright runs.
  const playwright = spawn(
    join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', join(ROOT, 'test', 'browser', 'playwright.config.ts'), ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...env, PREFLIGHT_BASE_URL: baseUrl, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } },
  );
  return new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
}).catch((error) => {
  console.error(error);
  return 1;
});
process.exit(status);
