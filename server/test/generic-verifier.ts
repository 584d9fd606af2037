// A verifier any outsider could write (issue 26; decision 190), built only from `jose`, Node's zlib and
// a tiny did:web resolver: no product code. Tests use it to prove the credentials interoperate, not
// to assume it. `fetchText` is the network (tests route it to the app in memory).
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
