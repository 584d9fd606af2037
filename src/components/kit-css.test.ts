// Decision 060: in kit.css a variant or size outranks its component's base by specificity, so no
// stylesheet order can undo it; and nothing needs !important.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./kit.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const selectors = [...css.matchAll(/([^{}]+)\{/g)]
  .map((m) => (m[1] ?? '').trim())
  .filter((s) => s && !s.startsWith('@') && !/^(from|to|\d+%)$/.test(s))
  .flatMap((s) => s.split(/,(?![^(]*\))/).map((part) => part.trim()));

describe('kit.css', () => {
  it('has rules to check', () => {
    expect(selectors.length).toBeGreaterThan(50);
  });

  it('writes every variant and size as the component class plus a data attribute', () => {
    const variants = selectors.filter((s) => /\[data-(variant|size)=/.test(s));
    expect(variants.length).toBeGreaterThan(10);
    for (const selector of variants) expect(selector, selector).toMatch(/^\.ui-[\w-]+\[data-(variant|size)=/);
  });

  it('never lowers a component class to zero specificity', () => {
    for (const selector of selectors) expect(selector, selector).not.toMatch(/:where\(/);
  });

  it('uses no !important', () => {
    expect(css).not.toContain('!important');
  });
});
