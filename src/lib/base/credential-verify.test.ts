// The browser's verifier (decision 190) against credentials made with `jose` the way the
// server makes them: each verdict with its reason, fetching only the DID document and the status list
// from the page's own origin.
import { gzipSync } from 'node:zlib';
import { calculateJwkThumbprint, CompactSign, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractCredential, verifyCredential } from './credential-verify.ts';

const origin = 'http://localhost:4321';
const did = 'did:web:localhost%3A4321:companies:7';
const listUrl = `${origin}/companies/7/credentials/status`;
const now = new Date('2026-11-26T12:00:00Z');

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let kid: string;
let revokedBits = new Set<number>();
const fetched: string[] = [];

function encodedList(set: Set<number>): string {
  const bytes = new Uint8Array(131_072 / 8);
  for (const i of set) bytes[i >> 3]! |= 0x80 >> (i & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

const sign = (payload: object, key = privateKey, header: object = { alg: 'EdDSA', typ: 'vc+jwt', kid }) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader(header as never).sign(key);

let documentJson: object;
const noDomain = { id: did, name: 'Acme Ltd', page_url: `${origin}/company/acme`, domains: [] };
let identityJson: object | null = noDomain;
const fakeFetch = (async (url: string) => {
  fetched.push(url);
  if (url === `${origin}/companies/7/did.json`) return new Response(JSON.stringify(documentJson), { status: 200 });
  if (url === `${origin}/companies/7/identity.json` && identityJson) return new Response(JSON.stringify(identityJson), { status: 200 });
  if (url === listUrl) {
    const list = await sign({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: listUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: did,
      validFrom: '2026-11-26T00:00:00Z',
      credentialSubject: {
        id: `${listUrl}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: encodedList(revokedBits),
      },
    });
    return new Response(list, { status: 200 });
  }
  return new Response('{"message":"Not found."}', { status: 404 });
}) as unknown as typeof fetch;

function credential(overrides: Record<string, unknown> = {}) {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', { '@vocab': 'https://schema.org/' }],
    id: 'urn:uuid:1',
    type: ['VerifiableCredential', 'EmploymentCredential'],
    issuer: { id: did, name: 'Acme Ltd' },
    validFrom: '2026-11-25T10:00:00Z',
    dateCreated: '2026-01-10T09:00:00Z',
    credentialSubject: {
      id: `${origin}/profile-3`,
      type: 'Person',
      name: 'Олена Коваль',
      worksFor: {
        type: 'EmployeeRole',
        roleName: 'Engineer',
        startDate: '2026-01-10',
        worksFor: { type: 'Organization', id: did, name: 'Acme Ltd', department: { type: 'Organization', name: 'Platform' } },
        review: {
          type: 'Review',
          datePublished: '2026-06-01',
          reviewRating: [
            { type: 'Rating', reviewAspect: 'In-company score', ratingValue: 4.5, worstRating: 1, bestRating: 6 },
            { type: 'Rating', reviewAspect: 'Care', ratingValue: 5, ratingExplanation: 'excellent', worstRating: 1, bestRating: 6 },
          ],
        },
      },
    },
    credentialStatus: {
      id: `${listUrl}#42`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '42',
      statusListCredential: listUrl,
    },
    ...overrides,
  };
}

const verify = (input: string) => verifyCredential(input, { origin, now, fetch: fakeFetch });

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  const jwk = await exportJWK(pair.publicKey);
  kid = `${did}#${await calculateJwkThumbprint(jwk)}`;
  documentJson = {
    id: did,
    verificationMethod: [{ id: kid, type: 'JsonWebKey2020', controller: did, publicKeyJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } }],
    assertionMethod: [kid],
  };
});

describe('verifying a credential in the browser', () => {
  it('says valid, with who issued it, for whom and what it says, fetching only the DID document, the issuer identity and the status list', async () => {
    revokedBits = new Set([7]);
    fetched.length = 0;
    const result = await verify(await sign(credential()));
    expect(result).toMatchObject({ verdict: 'valid', reason: 'all_checks' });
    expect(result.summary).toMatchObject({
      issuerName: 'Acme Ltd',
      subjectName: 'Олена Коваль',
      subjectUrl: `${origin}/profile-3`,
      position: 'Engineer',
      team: 'Platform',
      startDate: '2026-01-10',
      endDate: null,
      review: { date: '2026-06-01', score: 4.5, best: 6, ratings: [{ aspect: 'Care', value: 5, explanation: 'excellent' }] },
    });
    expect(new Set(fetched)).toEqual(new Set([`${origin}/companies/7/did.json`, `${origin}/companies/7/identity.json`, listUrl]));
    // It states no domain: identity not verified, with the company's page.
    expect(result.issuer).toEqual({ kind: 'not_verified', pageUrl: `${origin}/company/acme`, provedSince: [] });
  });

  it("reads the issuer's stated domains against what the site knows now (decision 258)", async () => {
    const linkage = (state: string) => ({ state, failure: null, checked_at: '2026-11-26T08:00:00.000Z' });
    identityJson = {
      ...noDomain,
      domains: [
        { domain: 'acme.example', origin: 'https://acme.example', verified_at: '2026-11-01T00:00:00Z', linkage: linkage('linked') },
        { domain: 'acme.test', origin: 'https://acme.test', verified_at: '2026-11-02T00:00:00Z', linkage: linkage('not_linked') },
      ],
    };
    const stated = await verify(
      await sign(credential({ issuer: { id: did, name: 'Acme Ltd', url: ['https://acme.example', 'https://gone.example'] } })),
    );
    expect(stated.summary!.issuerOrigins).toEqual(['https://acme.example', 'https://gone.example']);
    expect(stated.issuer).toEqual({
      kind: 'domain',
      checkedBy: 'localhost:4321',
      domains: [
        { domain: 'acme.example', state: 'linked', checkedAt: '2026-11-26T08:00:00.000Z' },
        { domain: 'gone.example', state: 'no_longer_verified', checkedAt: null },
      ],
    });
    // Issued before the company proved its domains: still not verified, and it says what the company has proved since.
    expect((await verify(await sign(credential()))).issuer).toMatchObject({
      kind: 'not_verified',
      provedSince: ['acme.example', 'acme.test'],
    });
    // The site not answering: said as unknown, and the verdict still stands.
    identityJson = null;
    expect(await verify(await sign(credential({ issuer: { id: did, name: 'Acme Ltd', url: 'https://acme.example' } })))).toMatchObject({
      verdict: 'valid',
      issuer: { kind: 'unknown' },
    });
    identityJson = noDomain;
  });

  it('says revoked when its bit is set', async () => {
    revokedBits = new Set([42]);
    expect(await verify(await sign(credential()))).toMatchObject({ verdict: 'revoked', reason: 'revoked' });
    revokedBits = new Set();
  });

  it('says tampered for one changed character, a foreign signature, or a credential cut short', async () => {
    const jws = await sign(credential());
    const [head, body, signature] = jws.split('.') as [string, string, string];
    const changed = btoa(atob(body.replace(/-/g, '+').replace(/_/g, '/')).replace('Engineer', 'Engineeq'))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await verify(`${head}.${changed}.${signature}`)).toMatchObject({ verdict: 'tampered', reason: 'bad_signature' });
    expect(await verify(await sign(credential(), otherKey))).toMatchObject({ verdict: 'tampered', reason: 'bad_signature' });
    expect(await verify(`${head}.${body.slice(0, 40)}.${signature}`)).toEqual({ verdict: 'tampered', reason: 'unreadable' });
    const otherAlgorithm = Buffer.from(JSON.stringify({ alg: 'HS256', kid })).toString('base64url');
    expect(await verify(`${otherAlgorithm}.${body}.${signature}`)).toMatchObject({ verdict: 'tampered', reason: 'unsupported_algorithm' });
  });

  it('says "not a credential" for text that is none, rather than calling it tampered', async () => {
    for (const text of ['hello', 'Olena Kovalenko, Northwind Studio', 'https://example.com/page', '{"name": "x"}', 'a.b.c'])
      expect(await verify(text), text).toEqual({ verdict: 'not_credential', reason: 'not_credential' });
  });

  it('says unknown issuer for a DID on another host, one that resolves nowhere, or a key it does not list', async () => {
    const elsewhere = 'did:web:evil.example:companies:7';
    expect(
      await verify(
        await sign(credential({ issuer: { id: elsewhere, name: 'Acme Ltd' } }), privateKey, { alg: 'EdDSA', kid: `${elsewhere}#x` }),
      ),
    ).toMatchObject({
      verdict: 'unknown_issuer',
      reason: 'other_host',
    });
    const missing = 'did:web:localhost%3A4321:companies:8';
    expect(
      await verify(await sign(credential({ issuer: { id: missing } }), privateKey, { alg: 'EdDSA', kid: `${missing}#x` })),
    ).toMatchObject({ verdict: 'unknown_issuer', reason: 'no_document' });
    expect(await verify(await sign(credential(), privateKey, { alg: 'EdDSA', kid: `${did}#not-listed` }))).toMatchObject({
      verdict: 'unknown_issuer',
      reason: 'key_not_listed',
    });
  });

  it('says not yet valid before validFrom', async () => {
    expect(await verify(await sign(credential({ validFrom: '2027-01-01T00:00:00Z' })))).toMatchObject({ verdict: 'not_yet_valid' });
  });

  it('reads the token from a link, a download JSON or a pasted text with line breaks', async () => {
    const jws = await sign(credential());
    expect(extractCredential(`${origin}/verify#vc=${jws}`)).toBe(jws);
    expect(extractCredential(JSON.stringify({ data: { jwt: jws } }))).toBe(jws);
    expect(extractCredential(`  ${jws.slice(0, 50)}\n${jws.slice(50)}\n`)).toBe(jws);
    expect(extractCredential('   ')).toBeUndefined();
  });
});
