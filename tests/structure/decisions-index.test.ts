// The decision records' index (docs/decisions/README.md) lists every record, by area, and
// nothing that is gone: `node scripts/decisions-index.ts` writes it; this fails when it is out of date.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, indexText, readRecords } from '../../scripts/decisions-index.ts';

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');

describe('the decision records index', () => {
  it('is what the script writes from the records today (run node scripts/decisions-index.ts)', () => {
    expect(readFileSync(path.join(folder, 'README.md'), 'utf8')).toBe(indexText(readRecords()));
  });

  it('marks every record a later one amends, supersedes or replaces, in its status', () => {
    const texts = new Map(
      readdirSync(folder)
        .filter((file) => /^\d{3}-.*\.md$/.test(file))
        .map((file) => [file.slice(0, 3), readFileSync(path.join(folder, file), 'utf8')]),
    );
    const unmarked: string[] = [];
    for (const [later, text] of texts) {
      const named = [
        ...[...text.matchAll(/^Supersedes: (.+)$/gm)].flatMap((m) => m[1]!.match(/\d{3}/g) ?? []),
        ...[...text.matchAll(/\b(?:amends|supersedes|replaces) (?:decision )?(\d{3})\b/gi)].map((m) => m[1]!),
      ];
      for (const earlier of new Set(named)) {
        const status = /^(?:Status|Amended by).*$/gm;
        const says = (texts.get(earlier)?.match(status) ?? []).join(' ');
        if (earlier !== later && !says.includes(later)) unmarked.push(`${earlier} (named by ${later})`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('places records by the words of their titles', () => {
    expect(areaOf('Rotating the two-step key')).toBe('Security, sessions and sign-in');
    expect(areaOf('Search across Latin and Cyrillic, and by every job title')).toBe('Search');
    expect(areaOf('Journeys in one language each, every page in both')).toBe('Tests, CI and the test run');
    expect(areaOf('Something new entirely')).toBe('Other');
  });
});
