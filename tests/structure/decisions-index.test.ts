// The decision records' index (docs/decisions/README.md, issue 40) lists every record, by area, and
// nothing that is gone: `node scripts/decisions-index.ts` writes it; this fails when it is out of date.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, indexText, readRecords } from '../../scripts/decisions-index.ts';

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');

describe('the decision records index', () => {
  it('is what the script writes from the records today (run node scripts/decisions-index.ts)', () => {
    expect(readFileSync(path.join(folder, 'README.md'), 'utf8')).toBe(indexText(readRecords()));
  });

  it('places records by the words of their titles', () => {
    expect(areaOf('Rotating the two-step key')).toBe('Security, sessions and sign-in');
    expect(areaOf('Search across Latin and Cyrillic, and by every job title')).toBe('Search');
    expect(areaOf('Journeys in one language each, every page in both')).toBe('Tests, CI and the test run');
    expect(areaOf('Something new entirely')).toBe('Other');
  });
});
