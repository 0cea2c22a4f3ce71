import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.x A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Every violation axe finds on the page as it is now, serious or critical ones first in each line. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Zero serious or critical accessibility violations in the page's current state (`state` names it in the failure).
 * Minor and moderate ones are printed, so they are seen without failing the run.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.log(`[axe] ${state}: ${minor.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ')}`);
  console.log(`[axe] ${state}: ${blocking.length} serious/critical`);
  expect(blocking, `serious or critical axe violations on ${state}`).toEqual([]);
}
