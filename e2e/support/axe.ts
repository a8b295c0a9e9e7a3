import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core on a page as it is (issue 42 #9). The script goes in through the debugger, which the
 * app's CSP does not govern, so the page under test keeps its real policy.
 */
const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  nodes: string[];
}

/** WCAG 2.1 A/AA rules, plus the experimental check that a control's name contains its visible text. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
