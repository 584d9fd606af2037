// The credentials' open format (decision 190): what an outside verifier meets (the DID
// document's and the status list's addresses, media types, the credential's terms). Plain strings and
// functions, no schema library, so the /verify page's script imports it without zod.
type Id = number | string;

/** Addresses outside /api: did:web resolution and the status list are read by anyone, anywhere. */
export const credentialPublicPaths = {
  /** GET: the company's DID document (`did:web:{host}:companies:{id}` resolves here). */
  didDocument: (companyId: Id) => `/companies/${companyId}/did.json`,
  /** GET: the company's revocation list, a signed BitstringStatusListCredential (application/vc+jwt). */
  statusList: (companyId: Id) => `/companies/${companyId}/credentials/status`,
  /** GET: the credential a short link names (application/vc+jwt; decision 203), for the /verify page. */
  byLink: (token: string) => `/credentials/${token}`,
  /** GET: who the issuer is beyond its name (decision 258): its verified domains with their linkage, its page (JSON). */
  issuerIdentity: (companyId: Id) => `/companies/${companyId}/identity.json`,
} as const;

/** A linkage's state (decision 258): the domain's DID Configuration names the DID and the DID document the domain. */
export type LinkageState = 'linked' | 'not_linked' | 'not_checked';

/** What `issuerIdentity` answers: the company as the site knows it now. */
export interface IssuerIdentity {
  /** The company's did:web. */
  id: string;
  name: string;
  /** The company's page on the site: its public brand page when on, else its page behind sign-in. */
  page_url: string;
  /** Its verified domains (Unicode) with their origins and linkage, the first proved first; empty: identity not verified. */
  domains: {
    domain: string;
    origin: string;
    verified_at: string | null;
    linkage: { state: LinkageState; failure: string | null; checked_at: string | null };
  }[];
}

/**
 * A credential's short link (decision 203): the /verify page in the reader's language with the
 * credential's unguessable token after `#c=` (a fragment: it never reaches a server's logs); the page
 * fetches `credentialPublicPaths.byLink(token)` and verifies what it gets.
 */
export function credentialShortLink(siteUrl: string, language: 'en_GB' | 'uk_UA', token: string): string {
  return `${siteUrl.replace(/\/$/, '')}${language === 'uk_UA' ? '/uk' : ''}/verify#c=${token}`;
}
/** The token a `#c=` fragment carries, if it is one. */
export function linkTokenOf(hash: string): string | undefined {
  return /^#c=([A-Za-z0-9_-]{16})$/.exec(hash)?.[1];
}

/** The person's own paths (bearer session). */
export const credentialPaths = {
  /** POST: the current credential of a company-verified job (issued now if none is current). */
  credential: (jobId: Id) => `/api/careers/${jobId}/credential`,
} as const;

export const credentialMediaType = 'application/vc+jwt';
/** The JOSE header's `typ` (VC-JOSE-COSE §3.1.1). */
export const credentialJoseType = 'vc+jwt';
export const vcContextV2 = 'https://www.w3.org/ns/credentials/v2';
/** The bits every status list holds (the spec's minimum, 16 KB before compression: herd privacy). */
export const statusListBits = 131_072;
/** How long a verifier may cache a status list (seconds). */
export const statusListMaxAge = 60;

/**
 * The terms the credential uses beyond the VC context: schema.org's (Person, EmployeeRole,
 * Organization, Review, Rating), and the credential's own type name, which VC 2.0's
 * issuer-dependent namespace is for (decision 190).
 */
export const employmentCredentialContext = {
  '@vocab': 'https://schema.org/',
  EmploymentCredential: 'https://www.w3.org/ns/credentials/issuer-dependent#EmploymentCredential',
} as const;
export const employmentCredentialType = 'EmploymentCredential';

/** `did:web:{host}:companies:{id}`: the host's port, if any, percent-encoded as did:web asks. */
export function companyDid(siteUrl: string, companyId: Id): string {
  const url = new URL(siteUrl);
  return `did:web:${encodeURIComponent(url.host)}:companies:${companyId}`;
}

/**
 * The address a `did:web` resolves to (did:web spec §3.2 'Read'): https, the host (port decoded),
 * the colon-separated path, then `/did.json`. Localhost and IP hosts are read over http (development).
 */
export function didWebDocumentUrl(did: string): string | undefined {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match) return undefined;
  const host = decodeURIComponent(match[1]!);
  if (!/^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9a-fA-F:]+\](:\d+)?$/.test(host)) return undefined;
  const segments = match[2] ? match[2].slice(1).split(':').map(decodeURIComponent) : [];
  if (segments.some((s) => !s || s.includes('/') || s === '.' || s === '..')) return undefined;
  const hostname = host.replace(/:\d+$/, '');
  const local = hostname === 'localhost' || hostname.endsWith('.localhost') || /^[\d.]+$/.test(hostname) || hostname.startsWith('[');
  const path = segments.length ? `/${segments.join('/')}/did.json` : '/.well-known/did.json';
  return `${local ? 'http' : 'https'}://${host}${path}`;
}

/** The issuer identity's address for a company's did:web (its DID document's, with identity.json for did.json). */
export function issuerIdentityUrl(did: string): string | undefined {
  return didWebDocumentUrl(did)?.replace(/\/did\.json$/, '/identity.json');
}
