// Domain names as the company domain checks take them (decision 248): one name typed in
// Unicode or punycode becomes punycode, lower case, without a trailing dot, or a stated reason it
// cannot be a company's domain: not a host name, an IP address, or a public suffix as a whole (`co.uk`,
// `github.io`; the Public Suffix List through tldts, its private section included).
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';

export type DomainNameProblem = 'invalid' | 'ip_address' | 'public_suffix';

export type ParsedDomain = { ok: true; domain: string; display: string } | { ok: false; problem: DomainNameProblem };

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The domain `input` names, in punycode, or why it names none a company could prove. */
export function parseDomainName(input: string): ParsedDomain {
  let name = input.trim().toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  // Bracketed IPv6 and bare addresses, before the IDN step (which would turn some into names).
  const unbracketed = name.replace(/^\[(.*)\]$/, '$1');
  if (isIP(unbracketed) !== 0 || /^[\d.]+$/.test(name)) return { ok: false, problem: 'ip_address' };
  // A scheme, a path, a port, spaces or an address's user part: not a bare domain name.
  if (!name || /[\s/:@?#\\]/.test(name)) return { ok: false, problem: 'invalid' };
  const ascii = domainToASCII(name);
  if (!ascii || ascii.length > 253) return { ok: false, problem: 'invalid' };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return { ok: false, problem: 'invalid' };
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, problem: 'invalid' };
  const parsed = parse(ascii, { allowPrivateDomains: true });
  if (parsed.isIp) return { ok: false, problem: 'ip_address' };
  if (!parsed.domain || parsed.hostname === parsed.publicSuffix) return { ok: false, problem: 'public_suffix' };
  return { ok: true, domain: ascii, display: domainToUnicode(ascii) || ascii };
}

/** The Unicode form of a stored (punycode) domain, for reading. */
export function displayOf(domain: string): string {
  return domainToUnicode(domain) || domain;
}

/**
 * The names above `domain` that a company could hold (its parents down to the registrable domain):
 * `a.b.northwind.co.uk` → `b.northwind.co.uk`, `northwind.co.uk`.
 */
export function parentDomainsOf(domain: string): string[] {
  const registrable = parse(domain, { allowPrivateDomains: true }).domain;
  if (!registrable || registrable === domain) return [];
  const parents: string[] = [];
  let rest = domain;
  while (rest !== registrable) {
    rest = rest.slice(rest.indexOf('.') + 1);
    parents.push(rest);
  }
  return parents;
}
