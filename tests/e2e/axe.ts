// The accessibility check of the sweep (WCAG 2.1 AA): axe with the rules of levels A and AA of WCAG
// 2.0 and 2.1, and no violation of any impact tolerated.
//
// axe runs in the page itself, injected once per document. @axe-core/playwright's AxeBuilder opens a
// new page (a new renderer process) for every check to put its frames' results together, and sends
// axe's 550 kB twice in legacy mode: on this app, which has no frames of its own, that tripled the
// cost of a check (2.4 CPU-s instead of 0.8 on the search page), a fifth of the journeys' CPU.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './support';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = AxeResults['violations'][number];

/** axe's violations on the page as it is now, axe injected into each of its frames that lacks it. */
async function axeViolations(page: Page): Promise<Violation[]> {
  for (const frame of page.frames()) if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  // Only the violations are reported in full: axe then skips building selectors for every element that
  // passes or does not apply, most of its time on a large page (axe-core's `resultTypes`).
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_21_AA }, resultTypes: ['violations'] };
  return page.evaluate(
    async (options) => (await (window as unknown as { axe: typeof axe }).axe.run(document, options)).violations,
    options,
  );
}

/** One line per violation: the rule, its impact and where (a few elements), enough to find its source. */
const describe = (violation: Violation) =>
  `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
    .slice(0, 4)
    .map((node) => node.target.join(' '))
    .join(', ')}${violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ''}`;

/** Soft: a journey checking a page in both languages, or several states of it, reports every one that fails. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect.soft((await axeViolations(page)).map(describe), `axe on ${where}`).toEqual([]);
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
