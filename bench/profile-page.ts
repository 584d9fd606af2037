// Time from navigation to a filled profile: a profile with 10 entries in every section, loaded in
// headless Chromium on loopback; prints the median of five cold loads and the page's gzip JS.
import { chromium } from '@playwright/test';
import { demoToken, startServer } from './api-load.ts';
import { measurePages } from './site-size.ts';
import { profileApiPaths } from '../contract/routes.ts';
import type { SectionName } from '../contract/profile-sections.ts';

const entries: Record<string, (i: number) => Record<string, unknown>> = {
  employments: (i) => ({
    position: `Role ${i}`,
    company_name: `Company ${i}`,
    start_date: `20${10 + i}-01-01`,
    end_date: `20${11 + i}-01-01`,
    is_current: false,
  }),
  skills: (i) => ({ name: `Skill ${i}` }),
  languages: (i) => ({ code: ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl', 'pt', 'nl', 'sv'][i]!, proficiency: 'B2' }),
  educations: (i) => ({
    school: `School ${i}`,
    degree: 'BSc',
    area_of_study: 'Computing',
    start_date: '2005-09-01',
    end_date: '2009-06-30',
  }),
  certifications: (i) => ({ name: `Certificate ${i}`, provider: 'Provider', credential_url: 'https://cert.example' }),
  projects: (i) => ({
    title: `Project ${i}`,
    description: 'A project description that runs to a couple of lines of text.',
    url: 'https://project.example',
  }),
};

export async function measureProfileLoad(runs = 5): Promise<{ medianMs: number; runsMs: number[] }> {
  const server = await startServer(4399);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const token = await demoToken(server.url);
    const auth = { authorization: `Bearer ${token}` };
    // The demo profile has entries of its own (its languages among them, which may not repeat): the
    // page is cleared first, so it holds exactly ten of each.
    const page = (await (await fetch(`${server.url}${profileApiPaths.page}`, { headers: auth })).json()) as {
      data: Record<string, { id: number }[]>;
    };
    for (const section of Object.keys(entries) as SectionName[]) {
      for (const item of page.data[section] ?? []) {
        const res = await fetch(`${server.url}${profileApiPaths.sectionItem(section, item.id)}`, { method: 'DELETE', headers: auth });
        if (!res.ok) throw new Error(`clearing ${section}: ${res.status} ${await res.text()}`);
      }
    }
    for (const [section, make] of Object.entries(entries)) {
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${server.url}/api/profile/${section}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(make(i)),
        });
        if (!res.ok) throw new Error(`seeding ${section}: ${res.status} ${await res.text()}`);
      }
    }
    const runsMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      // A new context each time: a cold cache, as on a first visit.
      const context = await browser.newContext();
      await context.addCookies([{ name: 's-token', value: token, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => document.querySelectorAll('.section-item').length >= 60, undefined, { timeout: 30_000 });
      runsMs.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    const sorted = [...runsMs].sort((a, b) => a - b);
    return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function printProfileLoad(result: { medianMs: number; runsMs: number[] }): void {
  const home = measurePages().find((p) => p.page === '/');
  console.log(`profile page JS (gzip): ${home ? `${(home.jsGzip / 1024).toFixed(1)} KB in ${home.jsFiles} files` : 'n/a (build first)'}`);
  console.log(
    `navigation to filled profile (10 entries x 6 sections): median ${result.medianMs.toFixed(0)} ms (runs: ${result.runsMs.map((r) => r.toFixed(0)).join(', ')})`,
  );
}

if (import.meta.main) printProfileLoad(await measureProfileLoad());
