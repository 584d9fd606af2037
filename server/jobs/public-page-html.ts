// A published opening's public page (decision 255) as one server-rendered HTML document, the
// company page's sibling: no JavaScript, the shared inline stylesheet, canonical and language links,
// Open Graph, and schema.org JobPosting JSON-LD with what Google's job search reads. Pure: data in, a
// string out; every value escaped, the description rendered from its formatting subset.
import { applyPagePath } from '../../contract/applications.ts';
import { companyPublicPagePath } from '../../contract/company-routes.ts';
import { employmentTypeSchemaOrg, jobPagePath, salaryPeriodSchemaOrg } from '../../contract/jobs.ts';
import { languageNames } from '../../contract/language-names.ts';
import type { Locale } from '../../contract/locale.ts';
import { formatNumber } from '../../contract/numbers.ts';
import { fillPlaceholders as fill } from '../../contract/placeholders.ts';
import { escapeHtml as e } from '../http/html-escape.ts';
import { homePath, loginPath, otherLocale, publicHead, publicNotFound, publicPageCss, publicTopBar } from '../http/public-document.ts';
import type { PublicCompany } from '../companies/public.ts';
import { renderDescription, plainDescription } from './description.ts';
import { jobPageWords } from './public-page-words.ts';
import type { OpenJob, PublicOpening } from './service.ts';

interface PageContext {
  siteUrl: string;
  locale: Locale;
}

const languageName = (code: string, locale: Locale) =>
  (languageNames[locale === 'uk_UA' ? 'uk' : 'en'] as Record<string, string>)[code] ?? code;

/** The end of the closing day, in UTC: the last moment applications are taken. */
export const validThroughOf = (closesOn: string) => `${closesOn}T23:59:59Z`;

/** schema.org/JobPosting with what the page shows (Google's required and recommended properties). */
export function jobPostingJsonLd(company: PublicCompany, opening: PublicOpening, context: PageContext): Record<string, unknown> {
  const { siteUrl, locale } = context;
  const companyUrl = `${siteUrl}${companyPublicPagePath(company.address, 'en_GB')}`;
  const organization: Record<string, unknown> = { '@type': 'Organization', name: company.name, url: companyUrl };
  // Its verified domains first: what ties the name to an organisation anyone can check.
  const sameAs = opening.verifiedDomains.map((domain) => `https://${domain}/`);
  if (sameAs.length) organization['sameAs'] = sameAs;
  if (company.logoUrl) organization['logo'] = `${siteUrl}${company.logoUrl}`;
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: opening.title,
    description: renderDescription(opening.description),
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(opening.id) },
    url: `${siteUrl}${jobPagePath(company.address, opening.id, locale)}`,
    datePosted: opening.publishedAt.toISOString(),
    validThrough: validThroughOf(opening.closesOn),
    employmentType: employmentTypeSchemaOrg[opening.employmentType],
    hiringOrganization: organization,
    directApply: false,
  };
  if (opening.location)
    posting['jobLocation'] = { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: opening.location } };
  if (opening.remote) {
    posting['jobLocationType'] = 'TELECOMMUTE';
    // Google asks a remote job for where applicants may live; a place given names that, else anywhere.
    posting['applicantLocationRequirements'] = opening.location
      ? { '@type': 'AdministrativeArea', name: opening.location }
      : { '@type': 'AdministrativeArea', name: 'Worldwide' };
  }
  if (opening.salaryMin !== null && opening.salaryCurrency && opening.salaryPeriod) {
    const value: Record<string, unknown> = { '@type': 'QuantitativeValue', unitText: salaryPeriodSchemaOrg[opening.salaryPeriod] };
    if (opening.salaryMax !== null && opening.salaryMax !== opening.salaryMin)
      Object.assign(value, { minValue: opening.salaryMin, maxValue: opening.salaryMax });
    else value['value'] = opening.salaryMin;
    posting['baseSalary'] = { '@type': 'MonetaryAmount', currency: opening.salaryCurrency, value };
  }
  if (opening.skills.length) posting['skills'] = opening.skills.join(', ');
  return posting;
}

const day = (value: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'uk_UA' ? 'uk-UA' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${value.slice(0, 10)}T00:00:00Z`));

/** '40,000–55,000 EUR per year' in the page's language. */
export function salaryText(
  opening: Pick<PublicOpening, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>,
  locale: Locale,
): string | null {
  if (opening.salaryMin === null || !opening.salaryCurrency || !opening.salaryPeriod) return null;
  const w = jobPageWords[locale];
  const range =
    opening.salaryMax !== null && opening.salaryMax !== opening.salaryMin
      ? `${formatNumber(opening.salaryMin, locale)}–${formatNumber(opening.salaryMax, locale)}`
      : formatNumber(opening.salaryMin, locale);
  return `${range} ${opening.salaryCurrency} ${w.periods[opening.salaryPeriod]}`;
}

/** Where: the place, 'Remote', or both. */
function whereOf(opening: Pick<PublicOpening, 'location' | 'remote'>, locale: Locale): string {
  return [opening.location, opening.remote ? jobPageWords[locale].remote : null].filter(Boolean).join(' · ');
}

function requirementsHtml(opening: PublicOpening, locale: Locale): string {
  const w = jobPageWords[locale];
  const proficiency = w.proficiency;
  const parts = [
    opening.competencies.length
      ? `<h3>${e(w.competencies)}</h3><ul class="tags">${opening.competencies.map((c) => `<li>${e(c.name)} <small>· ${e(fill(w.minLevel, { level: c.minLevel }))}</small></li>`).join('')}</ul>`
      : '',
    opening.skills.length ? `<h3>${e(w.skills)}</h3><ul class="tags">${opening.skills.map((s) => `<li>${e(s)}</li>`).join('')}</ul>` : '',
    opening.languages.length
      ? `<h3>${e(w.languages)}</h3><ul class="tags">${opening.languages.map((l) => `<li>${e(languageName(l.code, locale))} <small>· ${e(proficiency[l.level] ?? l.level)}</small></li>`).join('')}</ul>`
      : '',
  ].filter(Boolean);
  return parts.length
    ? `<section class="card" aria-labelledby="requirements"><h2 id="requirements">${e(w.requirements)}</h2>${parts.join('')}</section>`
    : '';
}

/** The whole public page of `opening` at `company`, in `context.locale`. */
export function renderJobPage(company: PublicCompany, opening: PublicOpening, context: PageContext): string {
  const { locale, siteUrl } = context;
  const w = jobPageWords[locale];
  const path = jobPagePath(company.address, opening.id, locale);
  const description = (() => {
    const text = plainDescription(opening.description);
    return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  })();
  const head = publicHead({
    locale,
    title: `${opening.title} — ${company.name} | ${w.titleSuffix}`,
    description,
    noindex: company.noindex,
    urls: {
      en_GB: `${siteUrl}${jobPagePath(company.address, opening.id, 'en_GB')}`,
      uk_UA: `${siteUrl}${jobPagePath(company.address, opening.id, 'uk_UA')}`,
    },
    ogType: 'website',
    name: `${opening.title} — ${company.name}`,
    image: company.logoUrl ? `${siteUrl}${company.logoUrl}` : undefined,
    jsonLd: jobPostingJsonLd(company, opening, context),
  });
  const signIn = `${loginPath(locale)}?redirect=${encodeURIComponent(path)}`;
  const companyPath = companyPublicPagePath(company.address, locale);
  const salary = salaryText(opening, locale);
  const rows = [
    `<dt>${e(w.employmentType)}</dt><dd>${e(w.employmentTypes[opening.employmentType])}</dd>`,
    `<dt>${e(w.where)}</dt><dd>${e(whereOf(opening, locale))}</dd>`,
    salary ? `<dt>${e(w.salary)}</dt><dd>${e(salary)}</dd>` : '',
    opening.team ? `<dt>${e(w.team)}</dt><dd>${e(opening.team)}</dd>` : '',
    `<dt>${e(w.posted)}</dt><dd>${e(day(opening.publishedAt.toISOString(), locale))}</dd>`,
    `<dt>${e(w.closesOn)}</dt><dd>${e(day(opening.closesOn, locale))}</dd>`,
  ];
  const hero = `<section class="card" aria-labelledby="title"><h1 id="title">${e(opening.title)}</h1><p class="headline"><a href="${e(companyPath)}">${e(fill(w.at, { company: company.name }))}</a></p><dl>${rows.join('')}</dl></section>`;
  const about = `<section class="card" aria-labelledby="about"><h2 id="about">${e(w.about)}</h2><div class="rich">${renderDescription(opening.description)}</div></section>`;
  // The site's page for applying (decision 262): signed out, the site asks to sign in and comes back.
  const apply = `<section class="card more"><p>${e(w.applyHint)}</p><a class="button" href="${e(applyPagePath(opening.id, locale))}">${e(w.apply)}</a></section>`;
  const otherPath = jobPagePath(company.address, opening.id, otherLocale(locale));
  return `<!doctype html><html lang="${w.htmlLang}"><head>${head}</head><body>${publicTopBar(jobPageWords, locale, otherPath, signIn, w.signIn)}<main id="main">${hero}${about}${requirementsHtml(opening, locale)}${apply}<p><a href="${e(companyPath)}">${e(fill(w.companyPage, { company: company.name }))}</a></p></main><footer><p>${e(w.footer)}</p></footer></body></html>`;
}

/** 410: the job was closed or its closing date passed; the company's page and its open jobs are a link away. */
export function renderJobGone(company: PublicCompany, title: string, locale: Locale): string {
  const w = jobPageWords[locale];
  const companyPath = companyPublicPagePath(company.address, locale);
  return `<!doctype html><html lang="${w.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(w.goneTitle)} | ${e(w.titleSuffix)}</title><meta name="robots" content="noindex"><style>${publicPageCss}</style></head><body>${publicTopBar(jobPageWords, locale, homePath(otherLocale(locale)), loginPath(locale), w.signIn)}<main id="main"><section class="card" aria-labelledby="gone"><h1 id="gone">${e(w.goneTitle)}</h1><p>${e(fill(w.goneText, { title }))}</p><p><a href="${e(companyPath)}">${e(fill(w.companyPage, { company: company.name }))}</a></p></section></main></body></html>`;
}

export function renderJobNotFound(locale: Locale): string {
  return publicNotFound(jobPageWords, locale, jobPageWords[locale].signIn);
}

/** The company page's section of its open jobs (empty when there are none). */
export function openJobsHtml(company: Pick<PublicCompany, 'address'>, jobs: OpenJob[], locale: Locale): string {
  if (!jobs.length) return '';
  const w = jobPageWords[locale];
  const items = jobs.map(
    (job) =>
      `<li><h3><a href="${e(jobPagePath(company.address, job.id, locale))}">${e(job.title)}</a></h3><p class="meta">${e([w.employmentTypes[job.employmentType], whereOf(job, locale)].filter(Boolean).join(' · '))}</p></li>`,
  );
  return `<section class="card" aria-labelledby="jobs"><h2 id="jobs">${e(w.openJobs)}</h2><ul class="list">${items.join('')}</ul></section>`;
}
