// Who issued a credential beyond a name anyone can type (decision 258), for the /verify
// page: the domains the credential's issuer stated when it was issued (`issuer.url`), each compared
// with what this site knows now (the issuer's identity.json, read from the page's own origin): linked
// both ways, proved but not linked, not checked yet, or no longer the issuer's; or, with no domain
// stated, plainly "identity not verified" with the company's page. A browser may not read another
// site, so the page never fetches a domain's did-configuration.json itself: it says whose check it shows.
import { issuerIdentityUrl, type IssuerIdentity, type LinkageState } from '../../../contract/credential-format.ts';

/** One domain the credential states, as this site finds it now. */
export interface StatedDomain {
  /** The domain as people read it (`northwind.example`). */
  domain: string;
  state: LinkageState | 'no_longer_verified';
  checkedAt: string | null;
}

export type IssuerStanding =
  | { kind: 'domain'; domains: StatedDomain[]; checkedBy: string }
  | { kind: 'not_verified'; pageUrl: string | null; provedSince: string[] }
  | { kind: 'unknown' };

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** The origins a credential's issuer states (`issuer.url`: one string or a list). */
export function statedOriginsOf(payload: Json): string[] {
  const url = asObject(payload['issuer'])?.['url'];
  const all = typeof url === 'string' ? [url] : Array.isArray(url) ? url : [];
  return all.filter((u): u is string => typeof u === 'string' && /^https?:\/\/[^/]+$/.test(u));
}

/** A web origin's host name as people read it: without the scheme or a port (development's test port). */
export function domainOfOrigin(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}

function isIdentity(value: unknown): value is IssuerIdentity {
  const o = asObject(value);
  return typeof o?.['id'] === 'string' && typeof o['page_url'] === 'string' && Array.isArray(o['domains']);
}

/** The issuer's standing: read only from the page's own origin, and only for an issuer on this site. */
export async function issuerStandingOf(
  payload: Json,
  issuerId: string,
  options: { origin: string; fetch: typeof fetch },
): Promise<IssuerStanding> {
  const address = issuerIdentityUrl(issuerId);
  if (!address || new URL(address).host !== new URL(options.origin).host) return { kind: 'unknown' };
  let identity: IssuerIdentity;
  try {
    // Revalidated every time, as the status list is: a domain proved or lapsed a minute ago counts now.
    const response = await options.fetch(`${options.origin}${new URL(address).pathname}`, {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
    });
    const body: unknown = response.ok ? await response.json() : undefined;
    if (!isIdentity(body) || body.id !== issuerId) return { kind: 'unknown' };
    identity = body;
  } catch {
    return { kind: 'unknown' };
  }
  const stated = statedOriginsOf(payload);
  const pageUrl = /^https?:\/\//.test(identity.page_url) ? identity.page_url : null;
  if (!stated.length) return { kind: 'not_verified', pageUrl, provedSince: identity.domains.map((d) => d.domain) };
  return {
    kind: 'domain',
    checkedBy: new URL(options.origin).host,
    domains: stated.map((origin) => {
      const now = identity.domains.find((d) => d.origin === origin);
      return now
        ? { domain: now.domain, state: now.linkage.state, checkedAt: now.linkage.checked_at }
        : { domain: domainOfOrigin(origin), state: 'no_longer_verified', checkedAt: null };
    }),
  };
}
