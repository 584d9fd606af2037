// Derive, don't restate: the company host's pages live in the build's `company/` folder, and on the
// personal host `/company/{address}` is a company's public page (decision 211). Every page of the
// company host must therefore be a reserved company address, or a company could take its name.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyHostPages } from '../../contract/company-hosts.ts';
import { companyAddressProblem } from '../../contract/company-public-page.ts';

const pagesRoot = path.resolve(import.meta.dirname, '..', '..', 'src', 'pages');

function pageNamesIn(folder: string): string[] {
  return readdirSync(path.join(pagesRoot, folder), { withFileTypes: true })
    .map((entry) => entry.name.replace(/\.astro$/, ''))
    .filter((name) => name !== 'index');
}

describe('the company host’s pages', () => {
  it.each(['company', 'uk/company'])('in src/pages/%s are each listed and reserved as company addresses', (folder) => {
    const pages = pageNamesIn(folder);
    expect(pages.length).toBeGreaterThan(0);
    expect([...pages].sort()).toEqual([...companyHostPages].sort());
    for (const page of pages) expect(companyAddressProblem(page), page).toBe('reserved');
  });
});
