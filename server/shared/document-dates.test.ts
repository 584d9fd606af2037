// The server's documents write dates as the site does (the public page and the app
// showed one person's dates differently).
import { describe, expect, it } from 'vitest';
import { documentDate, documentMonthYear } from './document-dates.ts';

describe('dates in the server documents', () => {
  it('are the site’s own, in both languages', () => {
    // The site's formats (src/lib/base/dates.ts's tests pin the same texts from contract/date-formats.ts).
    expect(documentMonthYear('2019-03', 'en_GB')).toBe('Mar 2019');
    expect(documentMonthYear('2019-03', 'uk_UA')).toBe('березень 2019');
    expect(documentDate('2024-03-05', 'en_GB')).toBe('Mar 5, 2024');
    expect(documentDate('2024-03-05', 'uk_UA')).toBe('5 березня 2024 р.');
    expect(documentMonthYear('2021-11-01', 'uk_UA')).toBe('листопад 2021');
    expect(documentDate(new Date('2026-12-31T23:00:00Z'), 'en_GB')).toBe('Dec 31, 2026');
    expect(documentMonthYear(null, 'en_GB')).toBe('');
  });
});
