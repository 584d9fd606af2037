// The public profile page's weight (decision 208): the HTML the server renders for a full
// profile (every section long, reviews with replies, contact opened to everyone), raw and gzipped, in
// both languages, against the 14 KB gzip budget (one TCP initial window). A figure, not a timed test:
// `node bench/public-profile-size.ts`; with `--lighthouse`, also Lighthouse (mobile) on the demo
// person's public page in both languages, on a server of its own.
import { gzipSync } from 'node:zlib';
import type { Locale } from '../contract/locale.ts';
import { renderPublicProfile } from '../server/profiles/public-page-html.ts';
import type { PublicProfile } from '../server/profiles/public-profile-service.ts';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../contract/public-profile.ts';
import { demoToken } from './api-load.ts';
import { printLighthouse, runLighthouseBenchmarks } from './lighthouse.ts';

export const publicPageBudgetBytes = 14 * 1024;

const ratings = ['good', 'excellent', 'satisfactory', 'exceptional', 'good'] as const;
const competencies = ['Communication', 'Ownership', 'Technical depth', 'Collaboration', 'Delivery'];

/** A profile at the size the product's limits make common for a senior person, not the largest possible. */
export function fullProfile(): PublicProfile {
  return {
    address: 'olena-kovalenko',
    noindex: false,
    firstName: 'Olena',
    lastName: 'Kovalenko',
    photoUrl: '/api/files/3f2a9c1e5b7d4a6f8e0c2b1d9a7f5e3c.jpg',
    headline: 'Lead product designer: design systems, accessibility and research',
    profileStatus: 'open_to_work',
    locale: 'en_GB',
    jobs: Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      verified: i < 3,
      position: ['Lead product designer', 'Senior product designer', 'Product designer', 'UX designer', 'UI designer', 'Junior designer'][
        i
      ]!,
      company: {
        id: i < 3 ? i + 1 : null,
        name: ['Northwind Studio', 'Contoso Digital', 'Fabrikam Labs', 'Tailspin Media', 'Wide World Apps', 'Adventure Works'][i]!,
        logo_url: null,
        registered: i < 3,
        verified_domain: i < 2 ? `company-${i}.example` : null,
      },
      start_date: `${2024 - i * 2}-03-01`,
      end_date: i === 0 ? null : `${2026 - i * 2}-02-01`,
      is_current: i === 0,
      months: 24,
      work_email_domain: i === 0 ? 'company-0.example' : null,
      reviews:
        i < 2
          ? Array.from({ length: 2 }, (_, r) => ({
              id: i * 10 + r,
              reviewed_on: `${2025 - i}-0${r + 3}-15`,
              ratings: competencies.map((name, c) => ({
                competency_id: c + 1,
                competency_name: name,
                rating: ratings[(c + r) % ratings.length]!,
                comment: c === 0 ? 'Clear, calm and early with bad news; the team follows her lead.' : null,
              })),
              reply: r === 0 ? 'Thank you: the design system work was a team effort and I am proud of it.' : null,
            }))
          : [],
      in_company_score: i < 2 ? 4.6 : null,
      final_feedback:
        i === 1
          ? { text: 'Left the design system in excellent shape; we would hire her again.', assessment: 'excellent', reply: null }
          : null,
    })),
    skills: Array.from({ length: 25 }, (_, i) => ({ name: `Skill number ${i + 1}`, endorsements: (i * 7) % 23 })),
    languages: [
      { id: 1, code: 'uk', proficiency: 'native' },
      { id: 2, code: 'en', proficiency: 'C1' },
      { id: 3, code: 'pl', proficiency: 'B1' },
      { id: 4, code: 'de', proficiency: 'A2' },
    ],
    educations: Array.from({ length: 3 }, (_, i) => ({
      id: i,
      school: ['Kyiv Polytechnic Institute', 'Ukrainian Academy of Printing', 'Interaction Design Foundation'][i]!,
      degree: 'Master of Arts',
      area_of_study: 'Graphic design',
      start_date: `${2010 + i * 3}-09-01`,
      end_date: `${2013 + i * 3}-06-30`,
    })),
    certifications: Array.from({ length: 6 }, (_, i) => ({
      name: `Certified accessibility specialist, level ${i + 1}`,
      provider: 'IAAP',
      issueDate: `${2020 + (i % 5)}-05-01`,
      expirationDate: i % 2 ? `${2027 + (i % 3)}-05-01` : null,
      url: `https://credentials.example.org/verify/${1000 + i}`,
    })),
    projects: Array.from({ length: 5 }, (_, i) => ({
      title: `Design system ${i + 1}`,
      description:
        'A shared component library with tokens, documentation and accessibility tests, used by six product teams across web and mobile.',
      url: `https://portfolio.example.org/projects/${i + 1}`,
      startDate: `${2019 + i}-01-01`,
      endDate: `${2020 + i}-01-01`,
    })),
    contactEmail: 'olena.kovalenko@example.org',
    contactPhone: '+380 67 123 45 67',
    updatedAt: new Date('2026-11-26T12:00:00Z'),
  };
}

export function measurePublicPage(locale: Locale): { rawBytes: number; gzipBytes: number } {
  const html = renderPublicProfile(fullProfile(), { siteUrl: 'https://profiles.example.org', locale });
  return { rawBytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length };
}

if (import.meta.main) {
  console.log('Public profile page (server-rendered HTML of a full profile), gzip against 14 KB:');
  for (const locale of ['en_GB', 'uk_UA'] as const) {
    const { rawBytes, gzipBytes } = measurePublicPage(locale);
    const verdict = gzipBytes <= publicPageBudgetBytes ? 'within' : 'OVER';
    console.log(
      `  ${locale}: ${(rawBytes / 1024).toFixed(1)} KB raw, ${(gzipBytes / 1024).toFixed(1)} KB gzip (${verdict} ${publicPageBudgetBytes / 1024} KB)`,
    );
  }
}

/** Turns the demo person's public profile on at `address` on the server at `url`. */
async function openDemoProfile(url: string, address: string): Promise<void> {
  const token = await demoToken(url);
  const res = await fetch(`${url}${publicProfileApiPaths.settings}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address, is_public: true, noindex: false, sections: defaultPublicProfileSections }),
  });
  if (!res.ok) throw new Error(`turning the demo public profile on answered ${res.status}`);
}

if (import.meta.main && process.argv.includes('--lighthouse')) {
  const address = 'olena-demo';
  const port = Number(process.env['LIGHTHOUSE_PORT'] ?? 4394);
  const runs = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
  printLighthouse(
    await runLighthouseBenchmarks([`/in/${address}`, `/uk/in/${address}`], port, runs, (url) => openDemoProfile(url, address)),
  );
}
