// A verifier any outsider could write (decision 190), built only from `jose`, Node's zlib and
// a tiny did:web resolver: no product code. Tests use it to prove the credentials interoperate, not
// to assume it. `fetchText` is the network (tests route it to the app in memory). It also checks an
// issuer's domains by the DIF Well-Known DID Configuration v1.0 (decision 258).
import { gunzipSync } from 'node:zlib';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';

export type Verdict = 'valid' | 'revoked' | 'tampered' | 'unknown_issuer' | 'not_yet_valid';
export type FetchText = (url: string) => Promise<{ status: number; text: string }>;

interface VerificationMethod {
  id: string;
  publicKeyJwk?: JWK;
}

/** did:web spec §3.2: `did:web:host%3Aport:a:b` → https://host:port/a/b/did.json. */
export function didWebUrl(did: string): string | undefined {
  const parts = did.split(':');
  if (parts.length < 3 || parts[0] !== 'did' || parts[1] !== 'web') return undefined;
  const [host, ...path] = parts.slice(2).map(decodeURIComponent);
  return path.length ? `https://${host}/${path.join('/')}/did.json` : `https://${host}/.well-known/did.json`;
}

async function resolveKey(fetchText: FetchText, did: string, kid: string): Promise<JWK | undefined> {
  const url = didWebUrl(did);
  if (!url) return undefined;
  const answer = await fetchText(url);
  if (answer.status !== 200) return undefined;
  const document = JSON.parse(answer.text) as {
    id?: string;
    verificationMethod?: VerificationMethod[];
    assertionMethod?: (string | VerificationMethod)[];
  };
  if (document.id !== did) return undefined;
  const asserting = new Set((document.assertionMethod ?? []).map((m) => (typeof m === 'string' ? m : m.id)));
  if (!asserting.has(kid)) return undefined;
  return document.verificationMethod?.find((m) => m.id === kid)?.publicKeyJwk;
}

/** Verifies one VC-JOSE credential (a compact JWS); returns the payload when the signature holds. */
async function verifyJws(fetchText: FetchText, jws: string): Promise<{ verdict: Verdict; payload?: Record<string, unknown> }> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  let claimed: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jws);
    claimed = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { verdict: 'tampered' };
  }
  const issuer = typeof claimed['issuer'] === 'string' ? claimed['issuer'] : (claimed['issuer'] as { id?: string } | undefined)?.id;
  if (!issuer || typeof header.kid !== 'string' || !header.kid.startsWith(`${issuer}#`)) return { verdict: 'unknown_issuer' };
  const jwk = await resolveKey(fetchText, issuer, header.kid);
  if (!jwk) return { verdict: 'unknown_issuer' };
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk, 'EdDSA'), { algorithms: ['EdDSA'] });
    return { verdict: 'valid', payload: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown> };
  } catch {
    return { verdict: 'tampered' };
  }
}

/** The whole check: signature by the issuer's published key, validity period, revocation status. */
export async function verifyCredential(
  fetchText: FetchText,
  jws: string,
  now = new Date(),
): Promise<{ verdict: Verdict; credential?: Record<string, unknown> }> {
  const checked = await verifyJws(fetchText, jws);
  if (checked.verdict !== 'valid') return { verdict: checked.verdict };
  const credential = checked.payload!;
  if (typeof credential['validFrom'] === 'string' && new Date(credential['validFrom']) > now)
    return { verdict: 'not_yet_valid', credential };
  const status = credential['credentialStatus'] as { type?: string; statusListIndex?: string; statusListCredential?: string } | undefined;
  if (status?.type === 'BitstringStatusListEntry' && status.statusListCredential) {
    const listAnswer = await fetchText(status.statusListCredential);
    if (listAnswer.status !== 200) return { verdict: 'unknown_issuer', credential };
    const list = await verifyJws(fetchText, listAnswer.text.trim());
    const issuerOf = (c: Record<string, unknown> | undefined) =>
      typeof c?.['issuer'] === 'string' ? c['issuer'] : (c?.['issuer'] as { id?: string } | undefined)?.id;
    if (list.verdict !== 'valid' || issuerOf(list.payload) !== issuerOf(credential)) return { verdict: 'tampered', credential };
    const encoded = (list.payload!['credentialSubject'] as { encodedList: string }).encodedList;
    const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    const index = Number(status.statusListIndex);
    if ((bits[index >> 3]! & (0x80 >> (index & 7))) !== 0) return { verdict: 'revoked', credential };
  }
  return { verdict: 'valid', credential };
}

/** A Domain Linkage Credential's JWT claims (DIF Well-Known DID Configuration v1.0, JWT format). */
interface LinkageClaims {
  iss: string;
  sub: string;
  exp: number;
  nbf: number;
  vc: {
    '@context': string[];
    issuer: string;
    type: string[];
    expirationDate: string;
    credentialSubject: { id: string; origin: string };
  };
}

const didConfigurationContext = 'https://identity.foundation/.well-known/did-configuration/v1';

/**
 * Whether a DID Configuration links `did` and `origin` by the spec's rules: a JWT in `linked_dids`
 * signed by a key the DID document asserts with, iss = sub = vc.issuer = the subject's id = the DID,
 * the subject's origin, the DomainLinkageCredential type, its dates; and the DID document naming the
 * origin in a LinkedDomains service. True, or the first rule it breaks. A bad signature throws (jose).
 */
export async function checkDomainLinkage(
  fetchText: FetchText,
  configuration: unknown,
  did: string,
  origin: string,
  now = new Date(),
): Promise<string | true> {
  const linked = (configuration as { linked_dids?: unknown })?.linked_dids;
  if ((configuration as Record<string, unknown>)?.['@context'] !== didConfigurationContext) return 'context';
  if (!Array.isArray(linked) || !linked.length) return 'no linked_dids';
  const forThis = linked.filter((jwt): jwt is string => {
    if (typeof jwt !== 'string') return false;
    try {
      return (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as LinkageClaims).iss === did;
    } catch {
      return false;
    }
  });
  if (!forThis.length) return 'no credential of this DID';
  for (const jwt of forThis) {
    const header = decodeProtectedHeader(jwt);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as LinkageClaims;
    if (typeof header.kid !== 'string' || !header.kid.startsWith(`${did}#`)) return 'kid';
    const fetched = await fetchText(didWebUrl(did)!);
    if (fetched.status !== 200) return 'did document';
    const document = JSON.parse(fetched.text) as {
      id: string;
      verificationMethod: VerificationMethod[];
      assertionMethod: string[];
      service?: { type: string; serviceEndpoint: string | { origins: string[] } }[];
    };
    if (document.id !== did || !document.assertionMethod.includes(header.kid)) return 'key not listed';
    const jwk = document.verificationMethod.find((m) => m.id === header.kid)?.publicKeyJwk;
    if (!jwk) return 'key not listed';
    await compactVerify(jwt, await importJWK(jwk, header.alg!));
    const vc = claims.vc;
    if (claims.sub !== did || vc.issuer !== did || vc.credentialSubject.id !== did) return 'iss/sub';
    if (vc.credentialSubject.origin !== origin) return 'origin';
    if (!vc.type.includes('DomainLinkageCredential') || !vc.type.includes('VerifiableCredential')) return 'type';
    if (!vc['@context'].includes(didConfigurationContext)) return 'vc context';
    if (claims.exp * 1000 <= now.getTime() || claims.nbf * 1000 > now.getTime()) return 'dates';
    if (new Date(vc.expirationDate).getTime() !== claims.exp * 1000) return 'expirationDate';
    const named = (document.service ?? [])
      .filter((s) => s.type === 'LinkedDomains')
      .flatMap((s) => (typeof s.serviceEndpoint === 'string' ? [s.serviceEndpoint] : s.serviceEndpoint.origins));
    if (!named.includes(origin)) return 'not in LinkedDomains';
  }
  return true;
}

/** One domain a credential's issuer states, as an outside verifier finds it: linked, not linked (why), or not checkable (why). */
export interface IssuerDomain {
  origin: string;
  linkage: 'linked' | 'not_linked' | 'could_not_check';
  why: string | null;
}

/**
 * The issuer's domains a credential states (`issuer.url`), each checked at the source: its
 * `/.well-known/did-configuration.json` fetched from the domain and checked by the spec's rules. None
 * stated: the issuer's identity is not verified (an empty list).
 */
export async function issuerDomainsOf(
  fetchText: FetchText,
  credential: Record<string, unknown>,
  now = new Date(),
): Promise<IssuerDomain[]> {
  const issuer = credential['issuer'] as { id?: string; url?: string | string[] } | undefined;
  const did = issuer?.id;
  const urls = typeof issuer?.url === 'string' ? [issuer.url] : (issuer?.url ?? []);
  const out: IssuerDomain[] = [];
  for (const origin of urls) {
    let answer: { status: number; text: string };
    try {
      answer = await fetchText(`${origin}/.well-known/did-configuration.json`);
    } catch (error) {
      out.push({ origin, linkage: 'could_not_check', why: `unreachable: ${(error as Error).message}` });
      continue;
    }
    if (answer.status === 404) {
      out.push({ origin, linkage: 'not_linked', why: 'no did-configuration.json (404)' });
      continue;
    }
    if (answer.status !== 200) {
      out.push({ origin, linkage: 'could_not_check', why: `answered ${answer.status}` });
      continue;
    }
    let verdict: string | true;
    try {
      verdict = did ? await checkDomainLinkage(fetchText, JSON.parse(answer.text), did, origin, now) : 'no issuer id';
    } catch (error) {
      verdict = `invalid: ${(error as Error).message}`;
    }
    out.push(verdict === true ? { origin, linkage: 'linked', why: null } : { origin, linkage: 'not_linked', why: verdict });
  }
  return out;
}
