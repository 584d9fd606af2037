// @vitest-environment happy-dom
// The /verify page's own wiring (decisions 190, 203): a CV's short link (#c=…) fetches the credential
// its token names from this host and verifies that; a whole credential in the address (#vc=…) is
// verified as it is; an unknown or malformed link says so and fetches nothing it should not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { credentialMediaType, credentialPublicPaths } from '../../../contract/credential-format.ts';
import type { Verification } from './credential-verify.ts';

const verifyCredential = vi.fn<(text: string, options: { origin: string }) => Promise<Verification>>();
vi.mock('./credential-verify.ts', () => ({
  verifyCredential: (text: string, options: { origin: string }) => verifyCredential(text, options),
}));

const { startVerifyPage, verifyMessagesElementId } = await import('./verify-page.ts');

const messages = {
  'verify.checking': 'Checking…',
  'verify.empty': 'Paste a credential first.',
  'verify.linkUnknown': 'This link names no credential.',
  'verify.fileUnreadable': 'That file could not be read.',
  'verify.verdict.valid': 'Valid',
  'verify.reason.signed': 'Signed by the issuer and not revoked.',
  'verify.claimsHeading': 'What it says',
  'verify.claimsUnconfirmed': 'What it claims',
  'verify.fact.issuer': 'Issued by',
  'verify.fact.subject': 'For',
  'verify.identity.heading': 'Who issued it',
  'verify.identity.linked': '{issuer} controls {domain}, linked both ways; {site} checked on {date}.',
  'verify.identity.notFetched': 'Not read from {domain} by this page: {site} checked.',
  'verify.identity.notVerifiedShort': 'identity not verified',
};
const token = 'AbCdEfGhIjKlMnOp';
const credential = 'eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJkaWQ6d2ViOngifQ.c2ln';

async function page(hash: string) {
  history.replaceState(null, '', `/verify${hash}`);
  // happy-dom answers replaceState with a 'hashchange' a browser would not send: let it pass before
  // the page listens, so each test sees the page's one reading of its address.
  await new Promise((resolve) => setTimeout(resolve, 0));
  document.body.innerHTML = `
    <a href="/uk/verify" data-language-switch>Українська</a>
    <form data-verify-form><div class="ui-field"><textarea data-verify-input></textarea><p data-verify-error hidden></p></div><input type="file" data-verify-file /></form>
    <div data-verify-output></div>
    <script type="application/json" id="${verifyMessagesElementId}">${JSON.stringify({ language: 'en-GB', messages })}</script>`;
  startVerifyPage();
  return {
    input: document.querySelector<HTMLTextAreaElement>('[data-verify-input]')!,
    error: document.querySelector<HTMLElement>('[data-verify-error]')!,
    output: document.querySelector<HTMLElement>('[data-verify-output]')!,
    languageLink: document.querySelector<HTMLAnchorElement>('[data-language-switch]')!,
  };
}

const valid: Verification = {
  verdict: 'valid',
  reason: 'signed',
  summary: {
    issuerId: 'did:web:x',
    issuerName: 'Northwind Studio',
    issuerOrigins: ['https://northwind.example'],
    subjectName: 'Olena Kovalenko',
  },
  issuer: {
    kind: 'domain',
    checkedBy: 'profiles.example',
    domains: [{ domain: 'northwind.example', state: 'linked', checkedAt: '2026-11-26' }],
  },
} as unknown as Verification;

describe('/verify with a credential in the address', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    verifyCredential.mockReset().mockResolvedValue(valid);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    history.replaceState(null, '', '/');
  });

  it('#c= fetches the credential its token names from this host, verifies it and shows the verdict', async () => {
    fetchMock.mockImplementation(
      async () => new Response(`${credential}\n`, { status: 200, headers: { 'content-type': credentialMediaType } }),
    );
    const { input, output, languageLink, error } = await page(`#c=${token}`);
    await vi.waitFor(() => expect(output.querySelector('[data-verdict="valid"]')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(credentialPublicPaths.byLink(token));
    expect(new Headers((init as RequestInit).headers).get('accept')).toBe(credentialMediaType);
    expect(verifyCredential).toHaveBeenCalledWith(credential, { origin: location.origin });
    expect(input.value).toBe(credential);
    expect(output.textContent).toContain('Northwind Studio · northwind.example');
    // Who issued it beyond the name, and whose check that is (decision 258).
    expect(output.querySelector('[data-linkage="linked"]')!.textContent).toBe(
      'Northwind Studio controls northwind.example, linked both ways; profiles.example checked on 26 November 2026.',
    );
    expect(output.textContent).toContain('Not read from northwind.example by this page: profiles.example checked.');
    expect(error.hidden).toBe(true);
    // The other language's link carries the credential along.
    expect(languageLink.hash).toBe(`#c=${token}`);
  });

  it('#c= naming no credential (404) says the link is unknown and verifies nothing', async () => {
    fetchMock.mockImplementation(async () => new Response('{"error":{"code":"not_found"}}', { status: 404 }));
    const { error, output } = await page(`#c=${token}`);
    await vi.waitFor(() => expect(error.hidden).toBe(false));
    expect(error.textContent).toBe(messages['verify.linkUnknown']);
    expect(verifyCredential).not.toHaveBeenCalled();
    expect(output.querySelector('[data-verdict]')).toBeNull();
    expect(output.textContent).not.toContain(messages['verify.checking']);
  });

  it('#c= while the network fails says the link is unknown, not a crash', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { error } = await page(`#c=${token}`);
    await vi.waitFor(() => expect(error.textContent).toBe(messages['verify.linkUnknown']));
    expect(verifyCredential).not.toHaveBeenCalled();
  });

  it('#vc= verifies the credential it carries without fetching it', async () => {
    const { input, output } = await page(`#vc=${credential}`);
    await vi.waitFor(() => expect(output.querySelector('[data-verdict="valid"]')).not.toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.value).toBe(credential);
    expect(verifyCredential).toHaveBeenCalledWith(credential, { origin: location.origin });
  });

  it('a malformed link (short token, other characters, another key) fetches and verifies nothing', async () => {
    for (const hash of ['#c=short', `#c=${token}x`, `#c=${token.slice(0, 15)}/`, `#x=${token}`]) {
      const { output, error } = await page(hash);
      expect(output.childElementCount, hash).toBe(0);
      expect(error.hidden, hash).toBe(true);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(verifyCredential).not.toHaveBeenCalled();
  });
});

describe('/verify naming an issuer that proved no domain (decision 258)', () => {
  it('says plainly "identity not verified", with the company page address and what it proved since', async () => {
    const { renderVerification } = await import('./verify-page.ts');
    const section = renderVerification(
      {
        verdict: 'valid',
        reason: 'all_checks',
        summary: { issuerId: 'did:web:x', issuerName: 'CredCo Original', issuerOrigins: [], subjectName: 'Olena' },
        issuer: { kind: 'not_verified', pageUrl: 'https://profiles.example/company/credco', provedSince: ['credco.example'] },
      } as unknown as Verification,
      {
        ...messages,
        'verify.identity.notVerified': 'Identity not verified: {issuer} proved no domain.',
        'verify.identity.provedSince': 'Since then: {domains}.',
        'verify.identity.page': 'Company page: ',
      },
      'en-GB',
    );
    expect(section.textContent).toContain('CredCo Original · identity not verified');
    const identity = section.querySelector('[data-identity="not_verified"]')!;
    expect(identity.textContent).toContain('Identity not verified: CredCo Original proved no domain.');
    expect(identity.textContent).toContain('Since then: credco.example.');
    expect(identity.querySelector('a')!.getAttribute('href')).toBe('https://profiles.example/company/credco');
  });
});
