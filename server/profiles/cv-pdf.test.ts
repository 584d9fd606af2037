// The CV's layout (decisions 203, 277): a long CV flows onto more pages, each with its footer and
// number, a web address longer than a line is cut rather than running off the page, and the fonts
// travel as subsets (the file stays small).
import { describe, expect, it } from 'vitest';
import { withPdf } from '../test/pdf-text.ts';
import { renderCv, type CvDocument, type CvEntry } from './cv-pdf.ts';

const cv = (entries: CvEntry[]): CvDocument => ({
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

/** Each page's text pieces with where they start and end across the page, in points. */
const piecesOf = (bytes: Uint8Array) =>
  withPdf(bytes, async (document) => {
    const pages: { str: string; left: number; right: number }[][] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item && item.str.trim()
            ? [{ str: item.str, left: item.transform[4] as number, right: (item.transform[4] as number) + item.width }]
            : [],
        ),
      );
    }
    return pages;
  });

describe('the CV layout', () => {
  it('cuts a web address longer than a line, and keeps words whole otherwise', async () => {
    const address = `https://example.test/${'x'.repeat(300)}`;
    const bytes = await renderCv(
      cv([
        { title: 'Посада', lines: ['Компанія'], text: `see ${address} and more` },
        { title: 'Друга посада', lines: ['Компанія'], text: 'Опис роботи. '.repeat(30) },
      ]),
    );
    const [page] = await piecesOf(bytes);
    // Nothing runs past the right margin (A4 595.28 pt, margins 56 pt).
    for (const piece of page!) expect(piece.right).toBeLessThanOrEqual(595.28 - 56 + 0.5);
    expect(
      page!
        .map((piece) => piece.str)
        .join('')
        .replace(/\s/g, ''),
    ).toContain(`see${address}andmore`);
    // The address took more than one line.
    expect(page!.filter((piece) => piece.str.includes('xxxx')).length).toBeGreaterThan(1);
    // The ordinary paragraph took several lines, each breaking between words.
    const described = page!.filter((piece) => piece.str.includes('Опис'));
    expect(described.length).toBeGreaterThan(1);
    for (const piece of described) for (const word of piece.str.trim().split(/\s+/)) expect(['Опис', 'роботи.']).toContain(word);
  });

  it('flows a long CV onto numbered pages and stays small', async () => {
    const entries: CvEntry[] = Array.from({ length: 40 }, (_, n) => ({
      title: `Посада ${n + 1}`,
      lines: ['Компанія · січень 2015 – грудень 2019 (5 р.)'],
      text: 'Опис роботи. '.repeat(12),
    }));
    const bytes = await renderCv(cv(entries));
    const { pages, title } = await withPdf(bytes, async (document) => ({
      pages: document.numPages,
      title: ((await document.getMetadata()).info as { Title?: string }).Title,
    }));
    expect(pages).toBeGreaterThan(3);
    expect(title).toBe('Резюме — Тест');
    const text = (await piecesOf(bytes)).map((page) => page.map((piece) => piece.str).join(' '));
    text.forEach((page, index) => expect(page).toContain(`Сторінка ${index + 1} з ${pages}`));
    // Every entry is there once, in order, none lost at a page break.
    const titles = text.join(' ').match(/Посада \d+/g);
    expect(titles).toEqual(entries.map((entry) => entry.title));
    expect(bytes.length).toBeLessThan(80_000);
  });

  it('runs contact details and skills on with a middle dot and one space each side, as the CV always showed them', async () => {
    /** From where the first item starts to where the last one ends, in points, on a CV with these contact details and skills. */
    const spanOf = async (contact: string[], skills: string[]) => {
      const [page] = await piecesOf(await renderCv({ ...cv([]), contact, sections: [{ heading: 'Навички', inline: skills }] }));
      const line = (items: string[]) => {
        if (!items.length) return 0;
        const first = page!.find((piece) => piece.str.includes(items[0]!))!;
        const last = page!.find((piece) => piece.str.includes(items.at(-1)!))!;
        return last.right - first.left;
      };
      return { contact: line(contact), skills: line(skills) };
    };
    const alone = await Promise.all(['olena@example.test', '+380441234567'].map((item) => spanOf([item], [])));
    const skillsAlone = await Promise.all(['PostgreSQL', 'Python', 'Аналіз даних'].map((item) => spanOf([], [item])));
    const together = await spanOf(['olena@example.test', '+380441234567'], ['PostgreSQL', 'Python', 'Аналіз даних']);
    // What the separators take: ' · ' is about 9 pt wide at these sizes; two or three spaces each side of
    // the dot would be 15 to 21 pt.
    const contactSeparator = together.contact - alone.reduce((sum, span) => sum + span.contact, 0);
    const skillSeparators = together.skills - skillsAlone.reduce((sum, span) => sum + span.skills, 0);
    expect(contactSeparator).toBeGreaterThan(5);
    expect(contactSeparator).toBeLessThan(11);
    expect(skillSeparators / 2).toBeGreaterThan(5);
    expect(skillSeparators / 2).toBeLessThan(11);
  });
});
