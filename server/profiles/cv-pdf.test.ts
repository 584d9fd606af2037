// The CV's layout (decision 203): a long CV flows onto more pages, each with its footer and number, a
// web address longer than a line is cut rather than running off the page, and the fonts travel as
// subsets (the file stays small).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCv, wrap, type CvEntry } from './cv-pdf.ts';

describe('the CV layout', () => {
  it('cuts a word longer than a line, and keeps words whole otherwise', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrap('one two three', font, 10, 1000)).toEqual(['one two three']);
    const lines = wrap(`see https://example.test/${'x'.repeat(200)}`, font, 10, 200);
    expect(lines[0]).toBe('see');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
  });

  it('flows a long CV onto numbered pages and stays small', async () => {
    const entries: CvEntry[] = Array.from({ length: 40 }, (_, n) => ({
      title: `Посада ${n + 1}`,
      lines: ['Компанія · січень 2015 – грудень 2019 (5 р.)'],
      text: 'Опис роботи. '.repeat(12),
    }));
    const bytes = await renderCv({
      language: 'uk-UA',
      title: 'Резюме — Тест',
      name: 'Тест Тестенко',
      headline: null,
      contact: [],
      about: null,
      sections: [{ heading: 'Досвід роботи', entries }],
      footer: 'Резюме з Profiles',
      pageLabel: (page, total) => `Сторінка ${page} з ${total}`,
      createdAt: new Date('2026-11-22T10:00:00Z'),
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(3);
    expect(pdf.getTitle()).toBe('Резюме — Тест');
    expect(bytes.length).toBeLessThan(80_000);
  });
});
