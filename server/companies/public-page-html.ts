// The company's public brand page as one server-rendered HTML document (decision 211), the
// people's page's twin (decision 208): readable with no JavaScript, the shared inline stylesheet
// (hashed into the page's CSP), title, description, canonical and language links, Open Graph and
// Twitter card tags, and schema.org/Organization JSON-LD. Pure: data in, a string out; every value
// escaped (server/http/html-escape.ts).
import { companyProfilePath, companyPublicPagePath } from '../../contract/company-routes.ts';
import { industries, isIndustryId } from '../../contract/industries.ts';
import type { Locale } from '../../contract/locale.ts';
import { formatNumber } from '../../contract/numbers.ts';
import { fillPlaceholders as fill } from '../../contract/placeholders.ts';
import { escapeHtml as e, safeHref } from '../http/html-escape.ts';
import { loginPath, otherLocale, publicHead, publicNotFound, publicTopBar } from '../http/public-document.ts';
import type { PublicCompany } from './public-page-service.ts';
import { companyPageWords } from './public-page-words.ts';

interface PageContext {
  siteUrl: string;
  locale: Locale;
}

/** The industry picked from the list in the page's language, else the sign-up's own words. */
export function industryOf(company: Pick<PublicCompany, 'industry' | 'industryId'>, locale: Locale): string {
  return company.industryId !== null && isIndustryId(company.industryId) ? industries[company.industryId][locale] : company.industry;
}

/** The description for search results and link previews: the start of 'About', else a sentence. */
export function descriptionOf(company: PublicCompany, locale: Locale): string {
  const text = company.about?.replace(/\s+/g, ' ').trim() || fill(companyPageWords[locale].descriptionFallback, { name: company.name });
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** schema.org's size of a company: the range it gave, else at least the people it has confirmed. */
function numberOfEmployees(company: PublicCompany): Record<string, unknown> | undefined {
  const range = company.size ? /^(\d+)(?:-(\d+)|\+)$/.exec(company.size) : null;
  if (range) return { '@type': 'QuantitativeValue', minValue: Number(range[1]), ...(range[2] ? { maxValue: Number(range[2]) } : {}) };
  return company.verifiedEmployees > 0 ? { '@type': 'QuantitativeValue', minValue: company.verifiedEmployees } : undefined;
}

/** schema.org/Organization with what the page shows. */
export function organizationJsonLd(company: PublicCompany, context: PageContext): Record<string, unknown> {
  const organization: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${context.siteUrl}${companyPublicPagePath(company.address, 'en_GB')}`,
    url: `${context.siteUrl}${companyPublicPagePath(company.address, context.locale)}`,
    name: company.name,
  };
  if (company.about) organization['description'] = company.about;
  if (company.logoUrl) organization['logo'] = `${context.siteUrl}${company.logoUrl}`;
  const website = safeHref(company.website);
  if (website) organization['sameAs'] = [website];
  if (company.location) organization['location'] = { '@type': 'Place', name: company.location };
  const employees = numberOfEmployees(company);
  if (employees) organization['numberOfEmployees'] = employees;
  return organization;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

/** The website and the size; the industry and the place are under the name already. */
function detailsHtml(company: PublicCompany, locale: Locale): string {
  const w = companyPageWords[locale];
  const website = safeHref(company.website);
  const rows = [
    website ? `<dt>${e(w.website)}</dt><dd><a href="${e(website)}" rel="nofollow noopener">${e(company.website ?? website)}</a></dd>` : '',
    company.size ? `<dt>${e(w.size)}</dt><dd>${e(fill(w.sizeValue, { size: company.size }))}</dd>` : '',
  ].filter(Boolean);
  return rows.length
    ? `<section class="card" aria-labelledby="details"><h2 id="details">${e(w.details)}</h2><dl>${rows.join('')}</dl></section>`
    : '';
}

/**
 * Who the company is (decision 266): 'Verified · northwind.example', or plainly that its identity is
 * not verified, and which domain-verified company it is not when its name could pass for one.
 */
function identityHtml(company: PublicCompany, locale: Locale): string {
  const w = companyPageWords[locale];
  const { verified_domain: domain, not_affiliated_with: twin } = company.identity;
  if (domain) {
    return `<p class="identity"><span class="badge">${e(fill(w.identity.verified, { domain }))}</span> <span class="meta">${e(fill(w.identity.verifiedHint, { domain }))}</span></p>`;
  }
  const warning = twin ? `<p class="identity warning" role="note">${e(fill(w.identity.notAffiliated, twin))}</p>` : '';
  return `<p class="identity"><span class="badge badge-plain">${e(w.identity.notVerified)}</span> <span class="meta">${e(w.identity.notVerifiedHint)}</span></p>${warning}`;
}

/** The whole public page of `company` in `context.locale`; `jobs` is its open jobs' section, already HTML. */
export function renderCompanyPage(company: PublicCompany, context: PageContext, jobs = ''): string {
  const { locale, siteUrl } = context;
  const w = companyPageWords[locale];
  const industry = industryOf(company, locale);
  const title = `${company.name} — ${industry} | ${w.titleSuffix}`;
  const description = descriptionOf(company, locale);
  const path = companyPublicPagePath(company.address, locale);
  const image = company.logoUrl ? `${siteUrl}${company.logoUrl}` : undefined;
  const signIn = `${loginPath(locale)}?redirect=${encodeURIComponent(path)}`;
  const head = publicHead({
    locale,
    title,
    description,
    noindex: company.noindex,
    urls: {
      en_GB: `${siteUrl}${companyPublicPagePath(company.address, 'en_GB')}`,
      uk_UA: `${siteUrl}${companyPublicPagePath(company.address, 'uk_UA')}`,
    },
    ogType: 'website',
    name: company.name,
    image,
    jsonLd: organizationJsonLd(company, context),
  });
  const logo = company.logoUrl
    ? `<img class="avatar square" src="${e(company.logoUrl)}" alt="${e(fill(w.logoOf, { name: company.name }))}" width="96" height="96">`
    : `<span class="avatar square" aria-hidden="true">${e(initialsOf(company.name))}</span>`;
  const where = [industry, company.location].filter(Boolean).join(' · ');
  const hero = `<section class="card hero" aria-labelledby="name">${logo}<div><h1 id="name">${e(company.name)}</h1><p class="headline">${e(where)}</p>${identityHtml(company, locale)}</div></section>`;
  const people = `<section class="card people" aria-labelledby="people"><div><h2 class="count" id="people"><strong>${e(formatNumber(company.verifiedEmployees, locale))}</strong> ${e(w.verifiedEmployees(company.verifiedEmployees))}</h2><p class="meta">${e(w.verifiedEmployeesHint)}</p></div><div><a class="button" href="${e(companyProfilePath(company.companyId, locale))}">${e(w.askToJoin)}</a><p class="meta">${e(w.askToJoinHint)}</p></div></section>`;
  const about = company.about
    ? `<section class="card" aria-labelledby="about"><h2 id="about">${e(w.about)}</h2><p class="prose">${e(company.about)}</p></section>`
    : '';
  const otherPath = companyPublicPagePath(company.address, otherLocale(locale));
  return `<!doctype html><html lang="${w.htmlLang}"><head>${head}</head><body>${publicTopBar(companyPageWords, locale, otherPath, signIn, w.signIn)}<main id="main">${hero}${people}${jobs}${about}${detailsHtml(company, locale)}</main><footer><p>${e(w.footer)}</p></footer></body></html>`;
}

/** 'Company not found' for an unknown address, a page switched off and a company without its owner alike. */
export function renderCompanyNotFound(locale: Locale): string {
  return publicNotFound(companyPageWords, locale, companyPageWords[locale].signIn);
}
