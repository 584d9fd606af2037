// The /verify page's script (decision 190): reads a credential pasted, dropped, chosen as a
// file or carried in the address (#vc=…), verifies it in the browser (credential-verify.ts) and writes
// the one verdict, its reason and what the credential says, in the page's language. Plain DOM, no
// framework: the page's whole budget is this and the verifier. Everything from the credential goes in
// as text, never as markup.
import { credentialMediaType, credentialPublicPaths, linkTokenOf } from '../../../contract/credential-format.ts';
import { verifyCredential, type CredentialSummary, type Verification } from './credential-verify.ts';
import { domainOfOrigin, type IssuerStanding } from './issuer-standing.ts';

export const verifyMessagesElementId = 'verify-messages';

type Messages = Record<string, string>;

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function formatDay(language: string, value: string | null): string | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The verdict's section: heading, reason, then what the credential says (marked unconfirmed unless valid or revoked). */
export function renderVerification(result: Verification, t: Messages, language: string): HTMLElement {
  const heading = element('h2', { id: 'verify-verdict', class: 'verify-verdict' }, t[`verify.verdict.${result.verdict}`] ?? result.verdict);
  const reason = fill(t[`verify.reason.${result.reason}`] ?? '', { date: formatDay(language, result.summary?.validFrom ?? null) ?? '' });
  const section = element(
    'section',
    { class: 'verify-result', 'data-verdict': result.verdict, 'aria-labelledby': 'verify-verdict', tabindex: '-1' },
    heading,
    element('p', { class: 'verify-reason' }, reason),
  );
  if (result.summary)
    section.append(
      factsOf(
        result.summary,
        result.verdict === 'valid' || result.verdict === 'revoked' || result.verdict === 'not_yet_valid',
        t,
        language,
      ),
    );
  if (result.issuer && result.summary)
    section.append(identityOf(result.issuer, result.summary.issuerName ?? result.summary.issuerId, t, language));
  return section;
}

/** Who issued it beyond its name (decision 258): each stated domain and its linkage, or plainly "identity not verified". */
function identityOf(standing: IssuerStanding, issuer: string, t: Messages, language: string): HTMLElement {
  const box = element(
    'div',
    { class: 'verify-identity', 'data-identity': standing.kind },
    element('h3', {}, t['verify.identity.heading']!),
  );
  const say = (key: string, params: Record<string, string>) => box.append(element('p', {}, fill(t[key] ?? key, params)));
  const site = location.host;
  if (standing.kind === 'unknown') say('verify.identity.unknown', { site });
  else if (standing.kind === 'not_verified') {
    const line = element('p', { class: 'verify-identity-warning' }, fill(t['verify.identity.notVerified']!, { issuer }));
    box.append(line);
    if (standing.provedSince.length) say('verify.identity.provedSince', { domains: standing.provedSince.join(', ') });
    if (standing.pageUrl)
      box.append(element('p', {}, t['verify.identity.page']!, element('a', { href: standing.pageUrl, rel: 'nofollow' }, standing.pageUrl)));
  } else {
    for (const stated of standing.domains) {
      const item = element('p', { 'data-linkage': stated.state });
      item.textContent = fill(t[`verify.identity.${stated.state}`]!, {
        issuer,
        domain: stated.domain,
        site: standing.checkedBy,
        date: formatDay(language, stated.checkedAt) ?? '',
      });
      box.append(item);
    }
    say('verify.identity.notFetched', { domain: standing.domains.map((d) => d.domain).join(', '), site: standing.checkedBy });
  }
  return box;
}

function factsOf(s: CredentialSummary, confirmed: boolean, t: Messages, language: string): HTMLElement {
  const list = element('dl', { class: 'verify-facts' });
  const add = (label: string, value: Node | string | null) => {
    if (value === null || value === '') return;
    list.append(element('div', {}, element('dt', {}, t[label] ?? label), element('dd', {}, value)));
  };
  // The ladder's words (decision 257): the name with the domain it had proved when it issued this, or plainly not verified.
  const who = s.issuerName ?? s.issuerId;
  add(
    'verify.fact.issuer',
    s.issuerOrigins.length
      ? `${who} · ${s.issuerOrigins.map(domainOfOrigin).join(', ')}`
      : `${who} · ${t['verify.identity.notVerifiedShort'] ?? ''}`,
  );
  add('verify.fact.subject', s.subjectName);
  if (s.subjectUrl && /^https?:\/\//.test(s.subjectUrl))
    add('verify.fact.profile', element('a', { href: s.subjectUrl, rel: 'nofollow' }, s.subjectUrl));
  add('verify.fact.position', s.position);
  add('verify.fact.team', s.team);
  const start = formatDay(language, s.startDate);
  const end = formatDay(language, s.endDate);
  if (start)
    add('verify.fact.period', end ? fill(t['verify.fact.periodFromTo']!, { start, end }) : fill(t['verify.fact.periodSince']!, { start }));
  add('verify.fact.verifiedAt', formatDay(language, s.verifiedAt));
  add('verify.fact.issuedAt', formatDay(language, s.validFrom));
  const box = element(
    'div',
    { class: 'verify-claims' },
    element('h3', {}, t[confirmed ? 'verify.claimsHeading' : 'verify.claimsUnconfirmed']!),
    list,
  );
  if (s.review) {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    if (s.review.score !== null) {
      add(
        'verify.fact.score',
        fill(t['verify.fact.scoreValue']!, {
          score: number.format(s.review.score),
          best: number.format(s.review.best ?? 6),
          date: formatDay(language, s.review.date) ?? '',
        }),
      );
    }
    if (s.review.ratings.length) {
      const rows = s.review.ratings.map((r) =>
        element(
          'tr',
          {},
          element('th', { scope: 'row' }, r.aspect),
          element(
            'td',
            {},
            [t[`rating.${r.explanation}`] ?? r.explanation ?? '', r.value === null ? '' : ` (${number.format(r.value)})`].join(''),
          ),
        ),
      );
      box.append(
        element(
          'table',
          { class: 'verify-ratings' },
          element('caption', {}, t['verify.fact.competencies']!),
          element(
            'thead',
            {},
            element(
              'tr',
              {},
              element('th', { scope: 'col' }, t['verify.fact.competency']!),
              element('th', { scope: 'col' }, t['verify.fact.rating']!),
            ),
          ),
          element('tbody', {}, ...rows),
        ),
      );
    }
  }
  return box;
}

/** Wires the page: the form, the file input, dropping anywhere, and a credential carried in the address. */
export function startVerifyPage(): void {
  const messagesBlock = document.getElementById(verifyMessagesElementId);
  const form = document.querySelector<HTMLFormElement>('[data-verify-form]');
  const input = document.querySelector<HTMLTextAreaElement>('[data-verify-input]');
  const file = document.querySelector<HTMLInputElement>('[data-verify-file]');
  const error = document.querySelector<HTMLElement>('[data-verify-error]');
  const output = document.querySelector<HTMLElement>('[data-verify-output]');
  if (!messagesBlock?.textContent || !form || !input || !file || !error || !output) return;
  const { language, messages: t } = JSON.parse(messagesBlock.textContent) as { language: string; messages: Messages };
  const field = input.closest<HTMLElement>('.ui-field');

  const showError = (text: string | null) => {
    error.textContent = text ?? '';
    error.hidden = !text;
    if (text) {
      input.setAttribute('aria-invalid', 'true');
      field?.setAttribute('data-invalid', '');
    } else {
      input.removeAttribute('aria-invalid');
      field?.removeAttribute('data-invalid');
    }
  };

  let run = 0;
  const check = async (text: string) => {
    if (!text.trim()) {
      showError(t['verify.empty']!);
      input.focus();
      return;
    }
    showError(null);
    const mine = ++run;
    output.replaceChildren(element('p', { class: 'verify-checking', role: 'status' }, t['verify.checking']!));
    const result = await verifyCredential(text, { origin: location.origin });
    if (mine !== run) return;
    const section = renderVerification(result, t, language);
    output.replaceChildren(section);
    section.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void check(input.value);
  });
  const readFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    try {
      // A credential is a few kilobytes; anything far larger is not one.
      if (chosen.size > 256 * 1024) throw new Error('too large');
      input.value = (await chosen.text()).trim();
    } catch {
      showError(t['verify.fileUnreadable']!);
      return;
    }
    await check(input.value);
  };
  file.addEventListener('change', () => void readFile(file.files?.[0]));
  document.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const dropped = event.dataTransfer?.files[0];
    if (!dropped) return;
    event.preventDefault();
    void readFile(dropped);
  });

  // A link or QR code carries the credential after '#', which never reaches any server: the whole
  // credential (#vc=…), or a CV's short link (#c=…, decision 203) naming one this host hands out.
  const fromAddress = async () => {
    const carried = /^#vc=([A-Za-z0-9_.-]+)$/.exec(location.hash)?.[1];
    const token = linkTokenOf(location.hash);
    if (!carried && !token) return;
    // The other language's link keeps the credential.
    document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]').forEach((a) => (a.hash = location.hash));
    if (carried) {
      input.value = carried;
      void check(carried);
      return;
    }
    output.replaceChildren(element('p', { class: 'verify-checking', role: 'status' }, t['verify.checking']!));
    let fetched = '';
    try {
      const answer = await fetch(credentialPublicPaths.byLink(token!), { headers: { accept: credentialMediaType } });
      if (answer.ok) fetched = (await answer.text()).trim();
    } catch {
      // Unreachable: said below as an unknown link.
    }
    if (!fetched) {
      output.replaceChildren();
      showError(t['verify.linkUnknown']!);
      return;
    }
    input.value = fetched;
    void check(fetched);
  };
  window.addEventListener('hashchange', () => void fromAddress());
  void fromAddress();
}
