// 'Download CV (PDF)' (decision 203): the signed-in person's own profile as a printable CV in
// the language asked for (the profile's by default). It carries what others see on the profile, the
// contact details the person made public ('everyone'), and, for each company-verified job, the
// company's mark with the short link and QR code of the job's current credential (/verify#c=…).
import dayjs from 'dayjs';
import 'dayjs/locale/uk.js';
import utc from 'dayjs/plugin/utc.js';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { credentialShortLink } from '../../contract/credentials.ts';
import { cvFileName } from '../../contract/cv.ts';
import { dateFormats, formatMonthCount } from '../../contract/date-formats.ts';
import { documentMonthYear } from '../shared/document-dates.ts';
import { say, wordsUnder } from '../../contract/i18n/index.ts';
import { languageNames } from '../../contract/language-names.ts';
import type { Locale } from '../../contract/locale.ts';
import { defaultContactVisibility, type Audience } from '../../contract/profile-visibility.ts';
import type { ProfilePage } from '../../contract/profile-sections.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import { credentialLinksOf } from '../careers/public.ts';
import { renderCv, type CvEntry, type CvSection } from './cv-pdf.ts';
import { getProfilePage } from './page-service.ts';

dayjs.extend(utc);

/** The CV's own words in both languages: keys in contract/i18n, the one home of the server's strings (decision 259). */
const wordsOf = (locale: Locale) => ({
  ...wordsUnder(locale, 'cv.'),
  identityNotVerified: say(locale, 'careers.trust.identityNotVerified'),
  proficiency: wordsUnder(locale, 'proficiency.'),
});
const words = { en_GB: wordsOf('en_GB'), uk_UA: wordsOf('uk_UA') };

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

// The site's formats (SPEC §9, contract/date-formats.ts, as src/lib/base/dates.ts uses them): month-level
// facts 'Mar 2019' / 'березень 2019', days 'Mar 5, 2024' / '5 березня 2024 р.', job lengths '3 yrs 2 mos'.
const dayjsLocale: Record<Locale, string> = { en_GB: 'en', uk_UA: 'uk' };

const monthYear = documentMonthYear;

/** 'Mar 2019 – Present (5 yrs 9 mos)'; '' without a start. */
function period(start: string | null, end: string | null, locale: Locale, now: Date, withLength = false): string {
  const from = monthYear(start, locale);
  if (!from) return monthYear(end, locale);
  const to = end ? monthYear(end, locale) : words[locale].present;
  const startMonth = dayjs.utc(start!.slice(0, 7) + '-01');
  const endMonth = dayjs.utc((end ?? dayjs.utc(now).format('YYYY-MM-DD')).slice(0, 7) + '-01');
  const months = endMonth.diff(startMonth, 'month') + 1;
  const length = withLength && months > 0 ? ` (${formatMonthCount(months, locale)})` : '';
  return `${from} – ${to}${length}`;
}

interface Experience {
  title: string;
  company: string;
  start: string;
  end: string | null;
  current: boolean;
  verifiedJobId: number | null;
}

/**
 * Jobs for the CV, current first, newest first: the one list the profile shows, so a
 * self-declared job a company later confirmed is listed once, as the verified job.
 */
export function experienceOf(page: ProfilePage): Experience[] {
  const jobs: Experience[] = page.jobs.map((j) => {
    const own = j.verified ? undefined : page.employments.find((e) => e.id === j.id);
    return {
      title: own?.position ?? j.position ?? j.company.name,
      company: own?.company_name ?? j.company.name,
      start: own?.start_date ?? j.start_date,
      end: own ? own.end_date : j.end_date,
      current: own?.is_current ?? j.is_current,
      verifiedJobId: j.verified ? j.id : null,
    };
  });
  return jobs.sort((a, b) => Number(b.current) - Number(a.current) || b.start.localeCompare(a.start));
}

/** The contact details whose audience the person set to everyone: a CV leaves the site. */
function publicContact(page: ProfilePage, chosen: Partial<Record<string, Audience>> | null): string[] {
  const isPublic = (field: 'contact_email' | 'contact_phone') => (chosen?.[field] ?? defaultContactVisibility[field]) === 'everyone';
  return [
    isPublic('contact_email') ? page.contact_email : null,
    isPublic('contact_phone') ? page.contact_phone : null,
    page.website,
    page.location,
  ].filter((v): v is string => Boolean(v));
}

export interface MadeCv {
  pdf: Uint8Array;
  fileName: string;
  language: Locale;
}

/** The signed-in person's CV as a PDF, in `language` (the profile's own when undefined). */
export async function makeCv(deps: { db: Db; clock: Clock; config: Config }, userId: number, language?: Locale): Promise<MadeCv> {
  const page = await getProfilePage(deps.db, deps.clock, userId, userId);
  const locale = language ?? page.locale;
  const t = words[locale];
  const now = deps.clock.now();
  const [row] = await deps.db.select({ chosen: profiles.contactVisibility }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const links = await credentialLinksOf(deps, userId);
  // The domain the credential's issuer had proved, or plainly that it had proved none.
  const levelOf = (domains: string[]) => (domains.length ? domains.join(', ') : t.identityNotVerified);
  const name = `${page.first_name} ${page.last_name}`.trim();

  const experience: CvEntry[] = [];
  for (const job of experienceOf(page)) {
    const link = job.verifiedJobId === null ? undefined : links.get(job.verifiedJobId);
    const url = link ? credentialShortLink(deps.config.publicSiteUrl, locale, link.token) : null;
    experience.push({
      title: job.title,
      lines: [
        job.title === job.company
          ? period(job.start, job.end, locale, now, true)
          : `${job.company} · ${period(job.start, job.end, locale, now, true)}`,
      ],
      verified:
        link && url
          ? {
              // A job confirmed under another name says so: the credential states that name (decision 256).
              mark:
                link.confirmedName && link.confirmedName !== name
                  ? fill(t.verifiedByFor, { company: link.companyName, level: levelOf(link.issuerDomains), name: link.confirmedName })
                  : fill(t.verifiedBy, { company: link.companyName, level: levelOf(link.issuerDomains) }),
              linkLabel: t.checkLink,
              link: url,
              qrPng: await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 }),
            }
          : null,
    });
  }
  const languageName = (code: string) => (languageNames[locale === 'uk_UA' ? 'uk' : 'en'] as Record<string, string>)[code] ?? code;
  const sections: CvSection[] = [
    { heading: t.experience, entries: experience },
    {
      heading: t.education,
      entries: page.educations.map((e) => ({
        title: e.school,
        lines: [[e.degree, e.area_of_study].filter(Boolean).join(', '), period(e.start_date, e.end_date, locale, now)].filter(Boolean),
      })),
    },
    {
      heading: t.certifications,
      entries: page.certifications.map((c) => ({
        title: c.name,
        lines: [
          [
            c.provider,
            c.issue_date ? fill(t.issued, { date: monthYear(c.issue_date, locale) }) : null,
            c.expiration_date ? fill(t.expires, { date: monthYear(c.expiration_date, locale) }) : null,
          ]
            .filter(Boolean)
            .join(' · '),
          c.credential_url ?? '',
        ].filter(Boolean),
      })),
    },
    {
      heading: t.projects,
      entries: page.projects.map((p) => ({
        title: p.title,
        lines: [period(p.start_date, p.end_date, locale, now), p.url ?? ''].filter(Boolean),
        text: p.description,
      })),
    },
    { heading: t.skills, inline: page.skills.map((s) => s.name) },
    { heading: t.languages, inline: page.languages.map((l) => `${languageName(l.code)} — ${t.proficiency[l.proficiency]}`) },
  ].filter((s) => (s.entries?.length ?? 0) > 0 || (s.inline?.length ?? 0) > 0);

  const pdf = await renderCv({
    language: locale.replace('_', '-'),
    title: `${t.title} — ${name}`,
    name,
    headline: page.headline ?? page.current_position,
    contact: publicContact(page, row?.chosen ?? null),
    about: page.about ? { heading: t.about, text: page.about } : null,
    sections,
    footer: fill(t.footer, { date: dayjs.utc(now).locale(dayjsLocale[locale]).format(dateFormats[locale].date) }),
    pageLabel: (n, total) => fill(t.page, { page: n, total }),
    createdAt: now,
  });
  return { pdf, fileName: cvFileName(page.first_name, page.last_name), language: locale };
}
