// The accessibility check the journeys run on a page or an open dialog: axe with WCAG 2.2 AA and
// best practice; a failure lists each rule with the elements that break it.
//
// axe-core runs in the page itself, put there once per document: a journey checks one page in
// several states (a dialog open, a menu open, a phone width), and the page keeps axe between them.
// `@axe-core/playwright` evaluated axe's 560 KB source twice on every check and sent every passing
// rule back; its checks were 45% of the browser lane's time (144 checks, 179 s of 380 s on the careers
// and every-page journeys, decision 217). Only violations come back, with the elements that break them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  targets: string[];
}

/** Each rule `page` breaks, with the elements that break it, prefixed with `label`. */
export async function axeViolations(page: Page, label: string, tags: readonly string[] = axeTags): Promise<string[]> {
  // The page at rest: a theme or width just changed starts transitions (a button's colours take
  // 80 ms, longer on a loaded machine), and contrast measured halfway is neither theme's. Endless
  // animations (a spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // And at rest in its scrolling: a smooth scroll (to a form's first error) is no animation, and a
  // target measured halfway may sit under the sticky header (a target-size violation that is not).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const check = () => {
          const now = globalThis.scrollY;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async (values) => {
      const axe = (globalThis as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe;
      const results = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
    [...tags],
  );
  return violations.map((v: Violation) => `${label} ${v.id}: ${v.targets.join(', ')}`);
}

export async function expectNoViolations(page: Page, label: string, tags?: readonly string[]) {
  expect(await axeViolations(page, label, tags)).toEqual([]);
}
