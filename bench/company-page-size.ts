// The company's public brand page's weight (decision 211): the HTML the server renders for a
// brand page filled in full (every field at its longest: the name, 5,000 characters of 'About', the
// website, the place, in made-up words that compress worse than real text), raw and gzipped, in both
// languages, against the 14 KB gzip budget (one TCP initial window). A figure, not a timed test:
// `node bench/company-page-size.ts`.
import { gzipSync } from 'node:zlib';
import { fieldLimits } from '../contract/field-limits.ts';
import type { Locale } from '../contract/locale.ts';
import { renderCompanyPage } from '../server/companies/public-page-html.ts';
import type { PublicCompany } from '../server/companies/public-page-service.ts';
import { workspacePaths } from '../contract/company-routes.ts';
import { demoCompanySession } from './api-load.ts';
import { printLighthouse, runLighthouseBenchmarks } from './lighthouse.ts';
import { publicPageBudgetBytes } from './public-profile-size.ts';

const letters: Record<Locale, string> = { en_GB: 'abcdefghijklmnopqrstuvwxyz', uk_UA: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя' };

/**
 * `length` characters of made-up words (2 to 9 letters) drawn at random from the language's alphabet:
 * harder to compress than any real text, so the figure is the most a page can weigh, not a typical one.
 */
export function madeUpText(locale: Locale, length: number, seed = 7): string {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const alphabet = [...letters[locale]];
  let text = '';
  while (text.length < length) {
    const word = Array.from({ length: 2 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    text += `${text ? ' ' : ''}${word}`;
  }
  return text.slice(0, length);
}

/** A brand page with every field at the most the brand form takes, in the language's own letters. */
export function fullCompany(locale: Locale): PublicCompany {
  return {
    companyId: 4242,
    address: 'northwind-lighthouse-studio-odesa-gdansk-navigation-lights',
    noindex: false,
    name: madeUpText(locale, fieldLimits.brand.name, 1),
    industry: 'Information technology',
    industryId: 1,
    about: madeUpText(locale, fieldLimits.brand.about, 2),
    website: `https://${madeUpText('en_GB', fieldLimits.brand.website - 30, 3).replace(/ /g, '-')}.example.org/`,
    location: madeUpText(locale, fieldLimits.brand.location, 4),
    size: '1001+',
    logoUrl: '/api/files/3f2a9c1e-5b7d-4a6f-8e0c-2b1d9a7f5e3c.png',
    verifiedEmployees: 123_456,
    // The longest identity: no domain of its own, and a domain-verified company it could pass for (decision 266).
    identity: {
      verified_domain: null,
      not_affiliated_with: { name: madeUpText(locale, fieldLimits.brand.name, 5), domain: 'northwind-lighthouse-studio.example.org' },
    },
    updatedAt: new Date('2026-11-27T12:00:00Z'),
  };
}

/** A brand page as companies fill it in: a paragraph or two of 'About', a website, a place. */
export function typicalCompany(locale: Locale): PublicCompany {
  const uk = locale === 'uk_UA';
  return {
    ...fullCompany(locale),
    address: 'northwind-lighthouse',
    name: uk ? 'Маяк і Партнери' : 'Northwind Lighthouse Studio',
    about: uk
      ? 'Проєктуємо й будуємо навігаційні вогні для малих гаваней.\n\nДванадцять людей в Одесі та Гданську працюють із портовими адміністраціями Чорного й Балтійського морів: від обстеження причалу до монтажу й обслуговування вогнів.'
      : 'We design and build navigation lights for small harbours.\n\nTwelve people in Odesa and Gdańsk, working with port authorities across the Black Sea and the Baltic: from surveying a quay to fitting and servicing its lights.',
    website: 'https://lighthouse.example',
    location: uk ? 'Одеса, Україна' : 'Odesa, Ukraine',
    size: '11-50',
    verifiedEmployees: 9,
  };
}

export function measureCompanyPage(company: PublicCompany, locale: Locale): { rawBytes: number; gzipBytes: number } {
  const html = renderCompanyPage(company, { siteUrl: 'https://profiles.example.org', locale });
  return { rawBytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length };
}

if (import.meta.main) {
  console.log('Company public page (server-rendered HTML), gzip against 14 KB:');
  for (const [label, make] of [
    ['every field at its longest', fullCompany],
    ['as typically filled in', typicalCompany],
  ] as const) {
    for (const locale of ['en_GB', 'uk_UA'] as const) {
      const { rawBytes, gzipBytes } = measureCompanyPage(make(locale), locale);
      const verdict = gzipBytes <= publicPageBudgetBytes ? 'within' : 'OVER';
      console.log(
        `  ${label}, ${locale}: ${(rawBytes / 1024).toFixed(1)} KB raw, ${(gzipBytes / 1024).toFixed(1)} KB gzip (${verdict} ${publicPageBudgetBytes / 1024} KB)`,
      );
    }
  }
}

/** Turns the demo company's public page on at `address`, as its owner, on the server at `url`. */
async function openDemoCompanyPage(url: string, address: string): Promise<void> {
  const { companyId, companyToken } = await demoCompanySession(url);
  const res = await fetch(`${url}${workspacePaths.publicPageSettings(companyId)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${companyToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address, is_public: true, noindex: false }),
  });
  if (!res.ok) throw new Error(`turning the demo company's page on answered ${res.status}`);
}

// `--lighthouse`: Lighthouse (mobile) on the demo company's page in both languages, as for people's.
if (import.meta.main && process.argv.includes('--lighthouse')) {
  const address = 'northwind-demo';
  printLighthouse(
    await runLighthouseBenchmarks([`/company/${address}`, `/uk/company/${address}`], undefined, 3, (url) =>
      openDemoCompanyPage(url, address),
    ),
  );
}
