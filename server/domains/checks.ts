// The two ways a company proves it controls a domain (decision 248), checked with ACME's
// safety rules (RFC 8555 §8, §10): a TXT record at `_profiles-challenge.<domain>` holding the token, or
// the file `https://<domain>/.well-known/profiles-challenge/<token>` whose body is the token. Each
// check has a deadline for all its steps, reads at most a few bytes of a body, follows at most two
// redirects and only to the same domain (or below it) over https, and connects only to an address it
// resolved and found public (addresses.ts), so a name that points inside cannot reach in.
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { domainChallenge, type DomainCheckFailure } from '../../contract/company-domains.ts';
import type { DomainCheckConfig } from '../config.ts';
import { addressAllowed } from './addresses.ts';

/** The longest body a file check reads: the token and a line ending, with room to spare. */
export const maxProofBytes = 1024;
/** Redirects a file check follows (ACME's servers follow a few; two is plenty for http→https or www). */
export const maxRedirects = 2;

/** One way of proof's result: null when it holds, else why not. */
export type CheckOutcome = DomainCheckFailure | null;

/** The record's name, the file's address and what both must hold. */
export function proofOf(domain: string, token: string, config: DomainCheckConfig) {
  return {
    dns_name: `${domainChallenge.dnsLabel}.${domain}`,
    dns_value: token,
    http_url: `${baseOf(domain, config)}${domainChallenge.httpPath}${token}`,
    http_body: token,
  };
}

/** The tests' setting: `.test` domains over plain http on the test port, loopback allowed. */
function testMode(domain: string, config: DomainCheckConfig): boolean {
  return config.testPort !== undefined && (domain === 'test' || domain.endsWith('.test'));
}

function baseOf(domain: string, config: DomainCheckConfig): string {
  return testMode(domain, config) ? `http://${domain}:${config.testPort}` : `https://${domain}`;
}

/**
 * The web origin of a company's domain (`https://northwind.example`): what a credential's issuer
 * carries and the DID Configuration links (decision 258). In development and tests a `.test` domain's
 * is its plain-http address on the test port, where its stand-in server answers.
 */
export function originOf(domain: string, config: DomainCheckConfig): string {
  return baseOf(domain, config);
}

function resolverOf(config: DomainCheckConfig): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: Math.min(config.timeoutMs, 2000), tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return resolver;
}

class Timeout extends Error {}

/** Runs `work` until the signal fires; then cancels the resolver's queries and throws Timeout. */
async function withDeadline<T>(signal: AbortSignal, resolver: dns.Resolver, work: Promise<T>): Promise<T> {
  if (signal.aborted) throw new Timeout();
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      resolver.cancel();
      reject(new Timeout());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

const missing = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/** The TXT record check: null when a record at the challenge name holds the token. */
export async function checkDns(domain: string, token: string, config: DomainCheckConfig): Promise<CheckOutcome> {
  const resolver = resolverOf(config);
  const signal = AbortSignal.timeout(config.timeoutMs);
  try {
    const records = await withDeadline(signal, resolver, resolver.resolveTxt(`${domainChallenge.dnsLabel}.${domain}`));
    if (!records.length) return 'no_record';
    return records.some((chunks) => chunks.join('').trim() === token) ? null : 'wrong_value';
  } catch (error) {
    if (error instanceof Timeout) return 'timeout';
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (missing.has(code)) return 'no_record';
    if (code === 'ETIMEOUT' || code === 'ECANCELLED') return 'timeout';
    return 'dns_error';
  }
}

/** The host's A and AAAA addresses through the configured resolvers ([] when it has none). */
async function addressesOf(resolver: dns.Resolver, host: string): Promise<string[]> {
  const ask = async (query: Promise<string[]>) => {
    try {
      return await query;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (missing.has(code)) return [];
      throw error;
    }
  };
  const [v4, v6] = await Promise.all([ask(resolver.resolve4(host)), ask(resolver.resolve6(host))]);
  return [...v4, ...v6];
}

type Fetched = { status: number; location: string | undefined; body: string | undefined; tooLarge: boolean };

/** One GET to `address` for `url`, the host named in Host and (over https) in SNI and the certificate check. */
function getOnce(url: URL, address: string, signal: AbortSignal, maxBytes: number): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const options: https.RequestOptions = {
      host: address,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { host: url.host, accept: 'text/plain, application/json, */*', 'user-agent': 'Profiles domain check (+decision 248)' },
      agent: false,
      signal,
      ...(secure ? { servername: url.hostname } : {}),
    };
    const request = (secure ? https : http).request(options, (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        resolve({ status, location: response.headers.location, body: undefined, tooLarge: false });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          resolve({ status, location: undefined, body: undefined, tooLarge: true });
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, location: undefined, body: Buffer.concat(chunks).toString('utf8'), tooLarge: false }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const tlsCodes = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

/** Whether a redirect's target stays on the checked domain (or below it), on the same scheme and port. */
function mayFollow(target: URL, domain: string, base: URL): boolean {
  const host = target.hostname.toLowerCase();
  const sameDomain = host === domain || host.endsWith(`.${domain}`);
  return sameDomain && target.protocol === base.protocol && target.port === base.port && !target.username && !target.password;
}

/** A guarded fetch's result: the body of a 200 answer, or why there is none. */
export type GuardedAnswer = { body: string } | { failure: DomainCheckFailure };

/**
 * GET `path` on the domain with the checks' safety rules (decision 248): one deadline, at most
 * `maxBytes` of body, at most two redirects and only on the domain, only public addresses. The file
 * check and the DID Configuration check (decision 258) both fetch through it.
 */
export async function fetchGuarded(domain: string, path: string, config: DomainCheckConfig, maxBytes: number): Promise<GuardedAnswer> {
  const resolver = resolverOf(config);
  const signal = AbortSignal.timeout(config.timeoutMs);
  const allowLoopback = testMode(domain, config);
  const base = new URL(`${baseOf(domain, config)}${path}`);
  let url = base;
  try {
    for (let hop = 0; ; hop += 1) {
      const addresses = await withDeadline(signal, resolver, addressesOf(resolver, url.hostname));
      if (!addresses.length) return { failure: 'no_address' };
      // Every address the name gives must be public: a name that also points inside is refused whole.
      if (!addresses.every((address) => addressAllowed(address, { allowLoopback }))) return { failure: 'address_not_allowed' };
      const answer = await withDeadline(signal, resolver, getOnce(url, addresses[0]!, signal, maxBytes));
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (hop >= maxRedirects) return { failure: 'too_many_redirects' };
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          return { failure: 'redirect_not_allowed' };
        }
        if (!mayFollow(next, domain, base)) return { failure: 'redirect_not_allowed' };
        url = next;
        continue;
      }
      if (answer.status === 404) return { failure: 'http_404' };
      if (answer.status !== 200) return { failure: 'http_status' };
      if (answer.tooLarge) return { failure: 'too_large' };
      return { body: answer.body ?? '' };
    }
  } catch (error) {
    if (error instanceof Timeout || signal.aborted) return { failure: 'timeout' };
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ETIMEOUT') return { failure: 'timeout' };
    if (tlsCodes.test(code)) return { failure: 'tls_error' };
    return { failure: 'connection_failed' };
  }
}

/** The file check: null when the file at the challenge address answers 200 with the token as its body. */
export async function checkHttp(domain: string, token: string, config: DomainCheckConfig): Promise<CheckOutcome> {
  const answer = await fetchGuarded(domain, `${domainChallenge.httpPath}${token}`, config, maxProofBytes);
  if ('failure' in answer) return answer.failure;
  return answer.body.trim() === token ? null : 'wrong_body';
}
