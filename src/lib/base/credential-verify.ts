// Verifies a company-verified job's credential in the browser (decision 190): VC-JOSE (a
// compact JWS, EdDSA) checked with WebCrypto's Ed25519 against the issuer's did:web document, then its
// bit in the issuer's Bitstring Status List. It fetches only those two documents, and only from the
// site's own origin: an issuer elsewhere is 'unknown issuer' here (an outside verifier may trust more).
import { didWebDocumentUrl } from '../../../contract/credential-format.ts';
import { issuerStandingOf, statedOriginsOf, type IssuerStanding } from './issuer-standing.ts';

export type Verdict = 'valid' | 'revoked' | 'tampered' | 'unknown_issuer' | 'not_yet_valid' | 'not_credential';

/** Why, in one word the page turns into a sentence. */
export type VerdictReason =
  | 'all_checks'
  | 'not_credential'
  | 'unreadable'
  | 'bad_signature'
  | 'unsupported_algorithm'
  | 'other_host'
  | 'no_document'
  | 'key_not_listed'
  | 'status_unavailable'
  | 'status_bad'
  | 'revoked'
  | 'not_yet_valid';

export interface CredentialRating {
  aspect: string;
  value: number | null;
  explanation: string | null;
}

/** What the credential says, read for people. */
export interface CredentialSummary {
  issuerId: string;
  issuerName: string | null;
  /** The origins of the domains the issuer had proved when it issued this (`issuer.url`, decision 258). */
  issuerOrigins: string[];
  subjectName: string | null;
  subjectUrl: string | null;
  position: string | null;
  team: string | null;
  startDate: string | null;
  endDate: string | null;
  verifiedAt: string | null;
  validFrom: string | null;
  review: { date: string | null; score: number | null; best: number | null; ratings: CredentialRating[] } | null;
}

export interface Verification {
  verdict: Verdict;
  reason: VerdictReason;
  /** Present once the payload could be read (even when its signature failed: shown as a claim). */
  summary?: CredentialSummary;
  /** Who the issuer is beyond its name (decision 258): read once the signature is the issuer's. */
  issuer?: IssuerStanding;
}

export interface VerifyOptions {
  /** The origin the DID documents and status lists must come from (the page's own). */
  origin: string;
  now?: Date;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const asText = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/** The compact JWS in what was pasted, dropped or linked: the token itself, a link with #vc=, or a download's JSON. */
export function extractCredential(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const fromFragment = /[#&]vc=([A-Za-z0-9_.-]+)/.exec(text)?.[1];
  if (fromFragment) return fromFragment;
  if (text.startsWith('{')) {
    try {
      const parsed = asObject(JSON.parse(text));
      const jwt = asText(parsed?.['jwt']) ?? asText(asObject(parsed?.['data'])?.['jwt']);
      if (jwt) return jwt.trim();
    } catch {
      return undefined;
    }
  }
  return text.replace(/\s+/g, '');
}

/** A compact JWS's shape: a base64url JSON header (`eyJ…`), a payload and a signature, dot-separated. */
function looksLikeJws(text: string): boolean {
  return /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text);
}

interface ParsedJws {
  header: Json;
  payload: Json;
  signingInput: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

function parseJws(jws: string): ParsedJws | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = asObject(JSON.parse(utf8(base64UrlBytes(parts[0]!))));
    const payload = asObject(JSON.parse(utf8(base64UrlBytes(parts[1]!))));
    if (!header || !payload) return undefined;
    return { header, payload, signingInput: new TextEncoder().encode(`${parts[0]}.${parts[1]}`), signature: base64UrlBytes(parts[2]!) };
  } catch {
    return undefined;
  }
}

const issuerIdOf = (payload: Json) => asText(payload['issuer']) ?? asText(asObject(payload['issuer'])?.['id']);

/** What a credential says, read for people (schema.org's Person → EmployeeRole → Organization). */
export function summaryOf(payload: Json): CredentialSummary {
  const subject = asObject(payload['credentialSubject']) ?? {};
  const role = asObject(subject['worksFor']) ?? {};
  const organisation = asObject(role['worksFor']) ?? {};
  const review = asObject(role['review']);
  const ratings = (Array.isArray(review?.['reviewRating']) ? review['reviewRating'] : []).map(asObject).filter((r): r is Json => !!r);
  const [overall, ...each] = ratings;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    issuerId: issuerIdOf(payload) ?? '',
    issuerName: asText(asObject(payload['issuer'])?.['name']) ?? asText(organisation['name']),
    issuerOrigins: statedOriginsOf(payload),
    subjectName: asText(subject['name']),
    subjectUrl: asText(subject['id']),
    position: asText(role['roleName']),
    team: asText(asObject(organisation['department'])?.['name']),
    startDate: asText(role['startDate']),
    endDate: asText(role['endDate']),
    verifiedAt: asText(payload['dateCreated']),
    validFrom: asText(payload['validFrom']),
    review: review
      ? {
          date: asText(review['datePublished']),
          score: num(overall?.['ratingValue']),
          best: num(overall?.['bestRating']),
          ratings: each.map((r) => ({
            aspect: asText(r['reviewAspect']) ?? '',
            value: num(r['ratingValue']),
            explanation: asText(r['ratingExplanation']),
          })),
        }
      : null,
  };
}

async function verifySignature(parsed: ParsedJws, options: VerifyOptions, doFetch: typeof fetch): Promise<VerdictReason | 'ok'> {
  if (parsed.header['alg'] !== 'EdDSA' && parsed.header['alg'] !== 'Ed25519') return 'unsupported_algorithm';
  const issuer = issuerIdOf(parsed.payload);
  const kid = asText(parsed.header['kid']);
  if (!issuer || !kid || !kid.startsWith(`${issuer}#`)) return 'key_not_listed';
  const url = didWebDocumentUrl(issuer);
  if (!url || new URL(url).host !== new URL(options.origin).host) return 'other_host';
  let document: Json | undefined;
  try {
    // The page's own origin: the DID document's https address is this same host (http only locally).
    const response = await doFetch(`${options.origin}${new URL(url).pathname}`, {
      headers: { accept: 'application/did+json, application/json' },
    });
    document = response.ok ? asObject(await response.json()) : undefined;
  } catch {
    document = undefined;
  }
  if (!document || document['id'] !== issuer) return 'no_document';
  const asserting = (Array.isArray(document['assertionMethod']) ? document['assertionMethod'] : []).map(
    (m) => asText(m) ?? asText(asObject(m)?.['id']),
  );
  const method = (Array.isArray(document['verificationMethod']) ? document['verificationMethod'] : [])
    .map(asObject)
    .find((m) => m?.['id'] === kid);
  const jwk = asObject(method?.['publicKeyJwk']);
  if (!asserting.includes(kid) || !jwk || jwk['kty'] !== 'OKP' || jwk['crv'] !== 'Ed25519' || typeof jwk['x'] !== 'string')
    return 'key_not_listed';
  try {
    const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk['x'] }, { name: 'Ed25519' }, false, ['verify']);
    return (await crypto.subtle.verify({ name: 'Ed25519' }, key, parsed.signature, parsed.signingInput)) ? 'ok' : 'bad_signature';
  } catch {
    return 'bad_signature';
  }
}

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The status bit of the credential: true revoked, false not, or why it could not be read. */
async function revocationOf(payload: Json, options: VerifyOptions, doFetch: typeof fetch): Promise<boolean | VerdictReason> {
  const status = asObject(payload['credentialStatus']);
  if (!status) return false;
  if (status['type'] !== 'BitstringStatusListEntry') return 'status_bad';
  const listUrl = asText(status['statusListCredential']);
  const index = Number(status['statusListIndex']);
  if (!listUrl || !Number.isInteger(index) || index < 0) return 'status_bad';
  let target: URL;
  try {
    target = new URL(listUrl);
  } catch {
    return 'status_bad';
  }
  if (target.host !== new URL(options.origin).host) return 'other_host';
  let text: string;
  try {
    // Revalidated every time: a verifier wants the status as of now, not as of a minute ago.
    const response = await doFetch(`${options.origin}${target.pathname}`, { headers: { accept: 'application/vc+jwt' }, cache: 'no-cache' });
    if (!response.ok) return 'status_unavailable';
    text = (await response.text()).trim();
  } catch {
    return 'status_unavailable';
  }
  const list = parseJws(text);
  if (!list || issuerIdOf(list.payload) !== issuerIdOf(payload)) return 'status_bad';
  if ((await verifySignature(list, options, doFetch)) !== 'ok') return 'status_bad';
  const encoded = asText(asObject(list.payload['credentialSubject'])?.['encodedList']);
  if (!encoded?.startsWith('u')) return 'status_bad';
  try {
    const bits = await gunzip(base64UrlBytes(encoded.slice(1)));
    if (index >> 3 >= bits.length) return 'status_bad';
    return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  } catch {
    return 'status_bad';
  }
}

/** The one verdict on `input` (a pasted token, a link carrying one, or a downloaded file's text). */
export async function verifyCredential(input: string, options: VerifyOptions): Promise<Verification> {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const jws = extractCredential(input);
  // Text that is not even shaped as a signed credential (three dot-separated parts, a JSON header) is
  // no forgery of one: it is something else pasted by mistake.
  if (!jws || !looksLikeJws(jws)) return { verdict: 'not_credential', reason: 'not_credential' };
  const parsed = parseJws(jws);
  if (!parsed) return { verdict: 'tampered', reason: 'unreadable' };
  const summary = summaryOf(parsed.payload);
  const signature = await verifySignature(parsed, options, doFetch);
  if (signature === 'other_host' || signature === 'no_document' || signature === 'key_not_listed')
    return { verdict: 'unknown_issuer', reason: signature, summary };
  if (signature !== 'ok') return { verdict: 'tampered', reason: signature, summary };
  // The signature is the issuer's: who that issuer is beyond its name is worth saying whatever follows.
  const issuer = await issuerStandingOf(parsed.payload, summary.issuerId, { origin: options.origin, fetch: doFetch });
  const validFrom = summary.validFrom ? new Date(summary.validFrom) : undefined;
  if (validFrom && validFrom > (options.now ?? new Date())) return { verdict: 'not_yet_valid', reason: 'not_yet_valid', summary, issuer };
  const revoked = await revocationOf(parsed.payload, options, doFetch);
  if (revoked === true) return { verdict: 'revoked', reason: 'revoked', summary, issuer };
  // A status list out of reach says nothing about the credential, and the issuer cannot be asked: never 'valid'.
  if (revoked === 'other_host' || revoked === 'status_unavailable') return { verdict: 'unknown_issuer', reason: revoked, summary };
  // A status list that does not verify is someone's forgery.
  if (revoked !== false) return { verdict: 'tampered', reason: revoked, summary };
  return { verdict: 'valid', reason: 'all_checks', summary, issuer };
}
