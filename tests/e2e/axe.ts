// The accessibility check of the sweep (WCAG 2.1 AA): axe with the rules of levels A and AA of WCAG
// 2.0 and 2.1, and no violation of any impact tolerated.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './support';

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per violation: the rule, its impact and where (a few elements), enough to find its source. */
const describe = (violation: Violation) =>
  `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
    .slice(0, 4)
    .map((node) => node.target.join(' '))
    .join(', ')}${violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ''}`;

/** Soft: a journey checking a page in both languages, or several states of it, reports every one that fails. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  // Only the violations are reported in full: axe then skips building selectors for every element that
  // passes or does not apply, most of its time on a large page (axe-core's `resultTypes`).
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect.soft(results.violations.map(describe), `axe on ${where}`).toEqual([]);
}

/**
 * No axe violation on the page as it is now, no dialog open: a modal dialog makes the rest of the page
 * inert, which axe then leaves out, so a dialog left open would hide the page from the check.
 */
export async function expectNoA11yViolations(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('dialog'), `no dialog over ${where}`).toHaveCount(0);
  await expectNoViolations(page, where);
}

/** No axe violation in the dialog open over the page (the page behind it is inert, checked without it). */
export async function expectNoA11yViolationsInDialog(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('dialog'), `a dialog for ${where}`).toHaveCount(1);
  await expectNoViolations(page, where);
}
