// What the server's own public pages share (the people's `/in/` and the companies' `/company/`,
// decisions 208 and 211): one inline stylesheet, hashed into the pages' Content-Security-
// Policy, and one way to answer with a document a CDN may keep but must revalidate (weak ETag, 304,
// `Cache-Control: public, no-cache`, gzip when accepted).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { say } from '../../contract/i18n/index.ts';
import { escapeHtml as e, jsonForScript } from './html-escape.ts';
import { etagOf, matches } from './etag.ts';
import { acceptsEncoding } from './accept-encoding.ts';

// The site's tokens (src/styles/tokens.css) for the few colours these pages use, light and dark.
export const publicPageCss = `:root{color-scheme:light dark;--fg:#1f2328;--muted:#545d68;--accent:#0a58a6;--ok:#17692f;--ok-bg:#e3f4e7;--bg:#f4f6f8;--surface:#fff;--border:#d5dbe1;--subtle:#eef1f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif;line-height:1.5}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#a2abb6;--accent:#6cb0ff;--ok:#5fd17a;--ok-bg:#14321d;--bg:#0d1117;--surface:#161b22;--border:#30363d;--subtle:#1c2128}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg)}a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:var(--surface);padding:.5rem 1rem;z-index:1}
header.top,main,footer{max-width:52rem;margin:0 auto;padding:0 1rem}
header.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding-block:.75rem}
.brand{font-weight:700;font-size:1.125rem;text-decoration:none;color:var(--fg)}.brand span{color:var(--accent)}
.top nav{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;font-size:.9375rem}.top .join{font-weight:600}
@media (max-width:32rem){.top nav{justify-content:flex-end;gap:.375rem .875rem}}
.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1.25rem;margin-block:1rem}
.hero{display:flex;gap:1.25rem;align-items:center;flex-wrap:wrap}
.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;background:var(--subtle);display:grid;place-items:center;font-size:2rem;font-weight:600;color:var(--muted);flex:none}
.avatar.square{border-radius:16px}
h1{font-size:1.75rem;line-height:1.2;margin:0}h2{font-size:1.25rem;margin:0 0 .75rem}h3{font-size:1rem;margin:0}
.headline{margin:.25rem 0 0;color:var(--muted)}
.chip{display:inline-block;border-radius:999px;padding:.125rem .625rem;font-size:.8125rem;font-weight:600;background:var(--subtle);margin-top:.5rem}
.badge{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.75rem;font-weight:600;background:var(--ok-bg);color:var(--ok);margin-left:.5rem;vertical-align:.125rem}
.badge.badge-plain{background:var(--subtle);color:var(--muted)}
.identity{margin:.5rem 0 0}.identity .badge{margin-left:0;margin-right:.375rem}.identity.warning{border-left:3px solid var(--muted);background:var(--subtle);border-radius:4px;padding:.25rem .625rem}
ul.list{list-style:none;margin:0;padding:0}ul.list>li{padding-block:.75rem;border-top:1px solid var(--border)}ul.list>li:first-child{border-top:0;padding-top:0}
.meta{color:var(--muted);font-size:.875rem;margin:.125rem 0 0}
.review{background:var(--subtle);border-radius:8px;padding:.75rem;margin-top:.5rem;font-size:.9375rem}
.review p{margin:.25rem 0}.review ul{margin:.25rem 0;padding-left:1.25rem}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}.tags li{background:var(--subtle);border-radius:8px;padding:.25rem .75rem}
.tags small{color:var(--muted)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.prose{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.people{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:center}.people>div:first-child{flex:1 1 18rem}.people>div:last-child{flex:0 1 17rem}
.count{margin:0 0 .25rem;font-size:1.125rem}.count strong{font-size:2rem;line-height:1.1;margin-right:.375rem}
.more{text-align:center}.more p{margin:0 0 .5rem;color:var(--muted)}
.button{display:inline-block;background:#0a58a6;color:#fff;border-radius:8px;padding:.625rem 1.25rem;text-decoration:none;font-weight:600}
footer{color:var(--muted);font-size:.8125rem;padding-block:1rem 2rem}`;

const cssHash = `'sha256-${createHash('sha256').update(publicPageCss).digest('base64')}'`;

/**
 * The policy of the server's own pages: no script runs at all; the one inline stylesheet by hash.
 * `connect-src 'self'` grants nothing while no script may run; without it Lighthouse, which reads
 * /robots.txt from inside the page, reports the file missing.
 */
export const publicPagePolicy = `default-src 'none'; style-src ${cssHash}; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

// A shared cache may keep these but must ask again every time, so a change (or a page switched off)
// shows on the very next request; the ETag makes asking again cheap.
export const revalidate = 'public, no-cache';

/** Sends a server-rendered document: weak ETag of the body, 304 when it matches, gzip when accepted. */
export function sendPublicDocument(request: FastifyRequest, reply: FastifyReply, status: number, type: string, body: string) {
  const tag = etagOf(body);
  reply.code(status).header('cache-control', revalidate).header('vary', 'Accept-Encoding').header('etag', tag);
  if (type.startsWith('text/html')) reply.header('content-security-policy', publicPagePolicy);
  if (status === HttpStatus.ok && matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  reply.type(type);
  if (acceptsEncoding(String(request.headers['accept-encoding'] ?? ''), 'gzip')) {
    return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  }
  return reply.send(body);
}

// ── The pages' frame: head, top bar and 'not found', alike for people's and companies' pages ──────────

/** The words every public page's frame needs, in one language. */
export interface FrameWords {
  htmlLang: string;
  skipToContent: string;
  home: string;
  languageSwitch: string;
  otherLanguageName: string;
  titleSuffix: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHome: string;
  /** The way to make an account, beside sign-in: a visitor of a public page may want one. */
  join: string;
}

/** The frame's words every page shares, from contract/i18n; a page adds its own 'not found' title and text. */
export function frameWords(locale: Locale): Omit<FrameWords, 'notFoundTitle' | 'notFoundText'> & { signIn: string } {
  return {
    htmlLang: locale === 'uk_UA' ? 'uk' : 'en-GB',
    skipToContent: say(locale, 'publicPage.skipToContent'),
    home: say(locale, 'publicPage.home'),
    languageSwitch: say(locale, 'publicPage.languageSwitch'),
    otherLanguageName: say(locale, 'publicPage.otherLanguageName'),
    titleSuffix: say(locale, 'app.name'),
    notFoundHome: say(locale, 'publicPage.notFoundHome'),
    join: say(locale, 'publicPage.join'),
    signIn: say(locale, 'publicPage.signIn'),
  };
}

export const otherLocale = (locale: Locale): Locale => (locale === 'uk_UA' ? 'en_GB' : 'uk_UA');
export const homePath = (locale: Locale) => (locale === 'uk_UA' ? '/uk/' : '/');
export const loginPath = (locale: Locale) => (locale === 'uk_UA' ? '/uk/login' : '/login');
export const signUpPath = (locale: Locale) => (locale === 'uk_UA' ? '/uk/create-account' : '/create-account');

/**
 * The skip link and the bar: the brand, the page in the other language, sign-in (`signIn` names it)
 * and Join, on phones too, so a visitor can act on what they read; Join carries sign-in's way back to this page.
 */
export function publicTopBar(
  words: Record<Locale, FrameWords>,
  locale: Locale,
  otherPath: string,
  signInPath: string,
  signIn: string,
): string {
  const w = words[locale];
  const other = words[otherLocale(locale)];
  const login = loginPath(locale);
  const joinPath = signInPath.startsWith(login) ? `${signUpPath(locale)}${signInPath.slice(login.length)}` : signUpPath(locale);
  return `<a class="skip" href="#main">${e(w.skipToContent)}</a><header class="top"><a class="brand" href="${homePath(locale)}" aria-label="${e(w.home)}">Pro<span>files</span></a><nav aria-label="${e(w.languageSwitch)}"><a href="${e(otherPath)}" hreflang="${other.htmlLang}" lang="${other.htmlLang}">${e(w.otherLanguageName)}</a><a class="signin" href="${e(signInPath)}">${e(signIn)}</a><a class="join" href="${e(joinPath)}">${e(w.join)}</a></nav></header>`;
}

/** The same 'not found' document for an unknown address, a page switched off and a closed account. */
export function publicNotFound(words: Record<Locale, FrameWords>, locale: Locale, signIn: string): string {
  const w = words[locale];
  return `<!doctype html><html lang="${w.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(w.notFoundTitle)} | ${e(w.titleSuffix)}</title><meta name="robots" content="noindex"><style>${publicPageCss}</style></head><body>${publicTopBar(words, locale, homePath(otherLocale(locale)), loginPath(locale), signIn)}<main id="main"><section class="card" aria-labelledby="nf"><h1 id="nf">${e(w.notFoundTitle)}</h1><p>${e(w.notFoundText)}</p><p><a href="${homePath(locale)}">${e(w.notFoundHome)}</a></p></section></main></body></html>`;
}

export interface PublicHead {
  locale: Locale;
  title: string;
  description: string;
  noindex: boolean;
  /** The page's address in each language, absolute; the canonical one is the page's own language's. */
  urls: Record<Locale, string>;
  ogType: 'website' | 'profile';
  /** The name the page is about, for Open Graph and the Twitter card. */
  name: string;
  /** Absolute, when the page has a picture. */
  image: string | undefined;
  /** More Open Graph tags, after the common ones (a profile's first and last name). */
  extraMeta?: string[];
  jsonLd: Record<string, unknown>;
}

/** The head's contents: title, description, robots, canonical and language alternates, Open Graph, the Twitter card, the stylesheet and the JSON-LD. */
export function publicHead(head: PublicHead): string {
  const { locale, description, image } = head;
  const canonical = head.urls[locale];
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    head.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<link rel="canonical" href="${e(canonical)}">`,
    `<link rel="alternate" hreflang="en-GB" href="${e(head.urls.en_GB)}">`,
    `<link rel="alternate" hreflang="uk" href="${e(head.urls.uk_UA)}">`,
    `<link rel="alternate" hreflang="x-default" href="${e(head.urls.en_GB)}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:title" content="${e(head.name)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(canonical)}">`,
    '<meta property="og:site_name" content="Profiles">',
    `<meta property="og:locale" content="${locale}">`,
    ...(head.extraMeta ?? []),
    image ? `<meta property="og:image" content="${e(image)}">` : '',
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${e(head.name)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : '',
    `<style>${publicPageCss}</style>`,
    `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`,
  ].join('');
}
