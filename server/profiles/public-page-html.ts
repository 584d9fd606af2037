// The public profile as one server-rendered HTML document (decision 208): readable with no
// JavaScript, its CSS inline (hashed into the page's CSP), with the title, description, canonical and
// language links, Open Graph and Twitter card tags, and schema.org/Person JSON-LD. Pure: data in,
// a string out; every value escaped (html-escape.ts).
import { trustLevelOf } from '../../contract/trust.ts';
import { languageNames } from '../../contract/language-names.ts';
import type { Locale } from '../../contract/locale.ts';
import { formatScore } from '../../contract/numbers.ts';
import { publicProfilePath } from '../../contract/public-profile.ts';
import { fillPlaceholders as fill } from '../../contract/placeholders.ts';
import { escapeHtml as e, safeHref } from '../http/html-escape.ts';
import { loginPath, otherLocale, publicHead, publicNotFound, publicTopBar } from '../http/public-document.ts';
import type { PublicProfile } from './public-profile-service.ts';
import { publicPageWords } from './public-page-words.ts';
import { documentDate, documentMonthYear } from '../shared/document-dates.ts';

interface PageContext {
  siteUrl: string;
  locale: Locale;
}

const monthYear = documentMonthYear;
const day = documentDate;

function period(start: string | null, end: string | null, isCurrent: boolean, locale: Locale): string {
  const from = monthYear(start, locale);
  const to = isCurrent || !end ? publicPageWords[locale].present : monthYear(end, locale);
  return from ? `${from} – ${to}` : to;
}

const section = (id: string, title: string, body: string) =>
  `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${e(title)}</h2>${body}</section>`;

function jobsHtml(profile: PublicProfile, locale: Locale): string {
  const w = publicPageWords[locale];
  const name = `${profile.firstName} ${profile.lastName}`;
  const items = profile.jobs.map((job) => {
    const reviews = job.reviews
      .map((review) => {
        const ratings = review.ratings
          .map((r) => `<li>${e(r.competency_name)}: ${e(w.rating[r.rating])}${r.comment ? ` — ${e(r.comment)}` : ''}</li>`)
          .join('');
        return `<div class="review"><h4 class="meta">${e(fill(w.reviewRound, { date: day(review.reviewed_on, locale) }))}</h4><ul>${ratings}</ul>${
          review.reply ? `<p><strong>${e(fill(w.reply, { name }))}:</strong> ${e(review.reply)}</p>` : ''
        }</div>`;
      })
      .join('');
    const score =
      job.in_company_score !== null ? `<p class="meta">${e(fill(w.score, { score: formatScore(job.in_company_score, locale) }))}</p>` : '';
    const feedback = job.final_feedback
      ? `<div class="review"><h4 class="meta">${e(w.finalFeedback)}${job.final_feedback.assessment ? `: ${e(w.rating[job.final_feedback.assessment])}` : ''}</h4>${
          job.final_feedback.text ? `<p>${e(job.final_feedback.text)}</p>` : ''
        }${job.final_feedback.reply ? `<p><strong>${e(fill(w.reply, { name }))}:</strong> ${e(job.final_feedback.reply)}</p>` : ''}</div>`
      : '';
    // The job's level of trust in words (decision 257): the domain its company proved, or plainly none.
    const level = trustLevelOf(job);
    const badge =
      level === 'domain_verified'
        ? `<span class="badge" title="${e(w.verifiedTitle)}">✓ ${e(w.verified)} · ${e(job.company.verified_domain ?? '')}</span>`
        : level === 'company_confirmed'
          ? `<span class="badge badge-plain" title="${e(w.verifiedTitle)}">${e(w.verified)} · ${e(w.identityNotVerified)}</span>`
          : '';
    // A confirmed work email (decision 260): its domain, never the address.
    const workEmail = job.work_email_domain
      ? `<span class="badge badge-plain">✉ ${e(fill(w.workEmailConfirmed, { domain: job.work_email_domain }))}</span>`
      : '';
    return `<li><h3>${e(job.position ?? job.company.name)}${badge}${workEmail}</h3><p class="meta">${e(job.company.name)} · ${e(period(job.start_date, job.end_date, job.is_current, locale))}</p>${score}${reviews}${feedback}</li>`;
  });
  return items.length ? section('experience', w.experience, `<ul class="list">${items.join('')}</ul>`) : '';
}

function languageName(code: string, locale: Locale): string {
  return (languageNames[locale === 'uk_UA' ? 'uk' : 'en'] as Record<string, string>)[code] ?? code;
}

function bodyHtml(profile: PublicProfile, locale: Locale): string {
  const w = publicPageWords[locale];
  const parts: string[] = [jobsHtml(profile, locale)];
  if (profile.skills.length) {
    const items = profile.skills.map(
      (s) => `<li>${e(s.name)}${s.endorsements ? ` <small>· ${e(w.endorsements(s.endorsements))}</small>` : ''}</li>`,
    );
    parts.push(section('skills', w.skills, `<ul class="tags">${items.join('')}</ul>`));
  }
  if (profile.languages.length) {
    const items = profile.languages.map(
      (l) => `<li>${e(languageName(l.code, locale))} <small>· ${e(w.proficiency[l.proficiency] ?? l.proficiency)}</small></li>`,
    );
    parts.push(section('languages', w.languages, `<ul class="tags">${items.join('')}</ul>`));
  }
  if (profile.educations.length) {
    const items = profile.educations.map((ed) => {
      const what = [ed.degree, ed.area_of_study].filter(Boolean).join(', ');
      const when =
        ed.start_date || ed.end_date ? [monthYear(ed.start_date, locale), monthYear(ed.end_date, locale)].filter(Boolean).join(' – ') : '';
      return `<li><h3>${e(ed.school)}</h3>${what ? `<p class="meta">${e(what)}</p>` : ''}${when ? `<p class="meta">${e(when)}</p>` : ''}</li>`;
    });
    parts.push(section('education', w.education, `<ul class="list">${items.join('')}</ul>`));
  }
  if (profile.certifications.length) {
    const items = profile.certifications.map((c) => {
      const dates = [
        c.issueDate ? fill(w.issued, { date: monthYear(c.issueDate, locale) }) : '',
        c.expirationDate ? fill(w.expires, { date: monthYear(c.expirationDate, locale) }) : '',
      ]
        .filter(Boolean)
        .join(', ');
      const href = safeHref(c.url);
      return `<li><h3>${e(c.name)}</h3>${c.provider ? `<p class="meta">${e(c.provider)}</p>` : ''}${dates ? `<p class="meta">${e(dates)}</p>` : ''}${
        href
          ? `<p class="meta"><a href="${e(href)}" rel="nofollow noopener">${e(w.credentialLink)}<span class="skip"> — ${e(c.name)}</span></a></p>`
          : ''
      }</li>`;
    });
    parts.push(section('certifications', w.certifications, `<ul class="list">${items.join('')}</ul>`));
  }
  if (profile.projects.length) {
    const items = profile.projects.map((p) => {
      const href = safeHref(p.url);
      const when = [monthYear(p.startDate, locale), monthYear(p.endDate, locale)].filter(Boolean).join(' – ');
      return `<li><h3>${e(p.title)}</h3>${when ? `<p class="meta">${e(when)}</p>` : ''}${p.description ? `<p>${e(p.description)}</p>` : ''}${
        href
          ? `<p class="meta"><a href="${e(href)}" rel="nofollow noopener">${e(w.projectLink)}<span class="skip"> — ${e(p.title)}</span></a></p>`
          : ''
      }</li>`;
    });
    parts.push(section('projects', w.projects, `<ul class="list">${items.join('')}</ul>`));
  }
  if (profile.contactEmail || profile.contactPhone) {
    const rows = [
      profile.contactEmail
        ? `<dt>${e(w.email)}</dt><dd><a href="mailto:${e(profile.contactEmail)}">${e(profile.contactEmail)}</a></dd>`
        : '',
      profile.contactPhone
        ? `<dt>${e(w.phone)}</dt><dd><a href="tel:${e(profile.contactPhone.replace(/[^+\d]/g, ''))}">${e(profile.contactPhone)}</a></dd>`
        : '',
    ];
    parts.push(section('contact', w.contact, `<dl>${rows.join('')}</dl>`));
  }
  return parts.join('');
}

/** The description for search results and link previews: the headline, else the current job, else a sentence. */
export function descriptionOf(profile: PublicProfile, locale: Locale): string {
  const name = `${profile.firstName} ${profile.lastName}`;
  const current = profile.jobs.find((j) => j.is_current);
  const lead = profile.headline ?? (current ? `${current.position ?? ''} · ${current.company.name}`.replace(/^ · /, '') : '');
  const skills = profile.skills
    .slice(0, 5)
    .map((s) => s.name)
    .join(', ');
  const text = [lead, skills].filter(Boolean).join('. ') || fill(publicPageWords[locale].descriptionFallback, { name });
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** schema.org/Person with what the page shows: jobs, schools, languages, certifications, skills. */
export function personJsonLd(profile: PublicProfile, context: PageContext): Record<string, unknown> {
  const url = `${context.siteUrl}${publicProfilePath(profile.address, context.locale)}`;
  const organisation = (name: string) => ({ '@type': 'Organization', name });
  const current = profile.jobs.filter((j) => j.is_current);
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${context.siteUrl}${publicProfilePath(profile.address, 'en_GB')}`,
    url,
    name: `${profile.firstName} ${profile.lastName}`,
    givenName: profile.firstName,
    familyName: profile.lastName,
  };
  if (profile.headline) person['description'] = profile.headline;
  if (profile.photoUrl) person['image'] = `${context.siteUrl}${profile.photoUrl}`;
  if (current[0]?.position) person['jobTitle'] = current[0].position;
  if (current.length) person['worksFor'] = current.map((j) => organisation(j.company.name));
  if (profile.educations.length)
    person['alumniOf'] = profile.educations.map((ed) => ({ '@type': 'EducationalOrganization', name: ed.school }));
  if (profile.languages.length)
    person['knowsLanguage'] = profile.languages.map((l) => ({
      '@type': 'Language',
      name: languageName(l.code, 'en_GB'),
      alternateName: l.code,
    }));
  if (profile.skills.length) person['knowsAbout'] = profile.skills.map((s) => s.name);
  if (profile.certifications.length) {
    person['hasCredential'] = profile.certifications.map((c) => ({
      '@type': 'EducationalOccupationalCredential',
      name: c.name,
      ...(c.provider ? { recognizedBy: organisation(c.provider) } : {}),
      ...(c.issueDate ? { dateCreated: c.issueDate } : {}),
      ...(c.expirationDate ? { expires: c.expirationDate } : {}),
      ...(safeHref(c.url) ? { url: safeHref(c.url) } : {}),
    }));
  }
  if (profile.contactEmail) person['email'] = profile.contactEmail;
  if (profile.contactPhone) person['telephone'] = profile.contactPhone;
  return person;
}

function initialsOf(profile: PublicProfile): string {
  return `${[...profile.firstName][0] ?? ''}${[...profile.lastName][0] ?? ''}`.toUpperCase();
}

/** The whole public page of `profile` in `context.locale`. */
export function renderPublicProfile(profile: PublicProfile, context: PageContext): string {
  const { locale, siteUrl } = context;
  const w = publicPageWords[locale];
  const name = `${profile.firstName} ${profile.lastName}`;
  const title = `${name}${profile.headline ? ` — ${profile.headline}` : ''} | ${w.titleSuffix}`;
  const description = descriptionOf(profile, locale);
  const otherPath = publicProfilePath(profile.address, otherLocale(locale));
  const image = profile.photoUrl ? `${siteUrl}${profile.photoUrl}` : undefined;
  const signIn = `${loginPath(locale)}?redirect=${encodeURIComponent(publicProfilePath(profile.address, locale))}`;
  const head = publicHead({
    locale,
    title,
    description,
    noindex: profile.noindex,
    urls: {
      en_GB: `${siteUrl}${publicProfilePath(profile.address, 'en_GB')}`,
      uk_UA: `${siteUrl}${publicProfilePath(profile.address, 'uk_UA')}`,
    },
    ogType: 'profile',
    name,
    image,
    extraMeta: [
      `<meta property="profile:first_name" content="${e(profile.firstName)}">`,
      `<meta property="profile:last_name" content="${e(profile.lastName)}">`,
    ],
    jsonLd: personJsonLd(profile, context),
  });
  const avatar = profile.photoUrl
    ? `<img class="avatar" src="${e(profile.photoUrl)}" alt="${e(fill(w.photoOf, { name }))}" width="96" height="96">`
    : `<span class="avatar" aria-hidden="true">${e(initialsOf(profile))}</span>`;
  const status = profile.profileStatus ? `<p class="chip">${e(w.status[profile.profileStatus])}</p>` : '';
  const hero = `<section class="card hero" aria-labelledby="name">${avatar}<div><h1 id="name">${e(name)}</h1>${profile.headline ? `<p class="headline">${e(profile.headline)}</p>` : ''}${status}</div></section>`;
  const more = `<section class="card more" aria-label="${e(w.signInMore)}"><p>${e(w.signInMoreHint)}</p><a class="button" href="${e(signIn)}">${e(w.signInMore)}</a></section>`;
  return `<!doctype html><html lang="${w.htmlLang}"><head>${head}</head><body>${publicTopBar(publicPageWords, locale, otherPath, signIn, w.signInMore)}<main id="main">${hero}${bodyHtml(profile, locale)}${more}</main><footer><p>${e(w.footer)}</p></footer></body></html>`;
}

/** 'Profile not found' for an unknown name, a page switched off and a closed account alike. */
export function renderProfileNotFound(locale: Locale): string {
  return publicNotFound(publicPageWords, locale, publicPageWords[locale].signInMore);
}
