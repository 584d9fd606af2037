// The accessibility check the journeys run on a page or an open dialog: axe with WCAG 2.2 AA and
// best practice; a failure lists each rule with the elements that break it.
//
// Legacy mode runs axe in the page itself. The default mode finishes each run in a new blank page of
// the context, which costs about twice the check (measured on /login: 370–500 ms a check against
// 165–250 ms); what it adds, results from cross-origin frames, the site does not have (no iframes).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Each rule `page` breaks, with the elements that break it, prefixed with `label`. */
export async function axeViolations(page: Page, label: string, tags: readonly string[] = axeTags): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags([...tags])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function expectNoViolations(page: Page, label: string, tags?: readonly string[]) {
  expect(await axeViolations(page, label, tags)).toEqual([]);
}
