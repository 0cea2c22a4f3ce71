import { appendFileSync } from 'node:fs';

/**
 * Says why a part of a tier did not run, where the tier's reader sees it: printed at once, and appended to the file
 * named by TEST_SKIP_NOTES, which `npm test` (scripts/test.mjs) prints in the tier's summary line. A test that cannot
 * run here is reported as skipped with its reason, never passed in silence.
 */
export function noteSkipped(reason: string): void {
  console.warn(`skipped: ${reason}`);
  if (process.env.TEST_SKIP_NOTES) appendFileSync(process.env.TEST_SKIP_NOTES, `${reason}\n`);
}
