// Each company's credential signing keys (decision 190): an Ed25519 pair made when the
// company first issues, its private JWK encrypted at rest with AES-256-GCM under a key derived from
// CREDENTIAL_KEY, rotated by command (`npm run credentials:rotate -- <companyId>`). A rotated key
// signs no more but stays in the DID document, so what it signed still verifies.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Queryable } from '../db/client.ts';
import { credentialKeys } from '../db/credentials-schema.ts';

const algorithm = 'aes-256-gcm';
const format = 'v1';

/** The 32-byte encryption key: HKDF-SHA256 of CREDENTIAL_KEY, so any long passphrase serves. */
function wrappingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'profiles', 'credential signing keys v1', 32));
}

/** Encrypts `plain` (the private JWK's JSON), binding the company id as additional data. */
export function sealPrivateKey(secret: string, companyId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(algorithm, wrappingKey(secret), iv);
  cipher.setAAD(Buffer.from(`company:${companyId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [format, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Decrypts what sealPrivateKey wrote; throws when the secret or the company differ. */
export function openPrivateKey(secret: string, companyId: number, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== format || !iv || !body || !tag) throw new Error('Unknown sealed key format.');
  const decipher = createDecipheriv(algorithm, wrappingKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`company:${companyId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export type CredentialKeyRow = typeof credentialKeys.$inferSelect;

/** A public JWK as the DID document lists it: only the public members. */
function publicPart(jwk: JWK): Record<string, string> {
  return { kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! };
}

async function newKeyRow(secret: string, companyId: number, now: Date) {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = publicPart(privateJwk);
  return {
    companyId,
    thumbprint: await calculateJwkThumbprint(publicJwk),
    publicJwk,
    privateJwkEncrypted: sealPrivateKey(secret, companyId, JSON.stringify(privateJwk)),
    createdAt: now,
  };
}

/** Every key of a company, oldest first (the DID document lists them all). */
export async function companyKeys(db: Queryable, companyId: number): Promise<CredentialKeyRow[]> {
  return db.select().from(credentialKeys).where(eq(credentialKeys.companyId, companyId)).orderBy(asc(credentialKeys.id));
}

/** The company's signing key, made now if it has none (its first issue). Call inside a transaction. */
export async function signingKeyOf(
  db: Queryable,
  secret: string,
  companyId: number,
  now: Date,
): Promise<{ row: CredentialKeyRow; key: CryptoKey }> {
  let [row] = await db
    .select()
    .from(credentialKeys)
    .where(and(eq(credentialKeys.companyId, companyId), isNull(credentialKeys.retiredAt)))
    .limit(1);
  if (!row) {
    // Two first issues at once: the one-active-key index lets one insert win; the other reads it.
    [row] = await db
      .insert(credentialKeys)
      .values(await newKeyRow(secret, companyId, now))
      .onConflictDoNothing()
      .returning();
    row ??= (
      await db
        .select()
        .from(credentialKeys)
        .where(and(eq(credentialKeys.companyId, companyId), isNull(credentialKeys.retiredAt)))
        .limit(1)
    )[0];
    if (!row) throw new Error(`No signing key for company ${companyId}.`);
  }
  const privateJwk = JSON.parse(openPrivateKey(secret, companyId, row.privateJwkEncrypted)) as JWK;
  return { row, key: (await importJWK(privateJwk, 'EdDSA')) as CryptoKey };
}

/** Retires the company's signing key and makes a new one; the old public key stays published. */
export async function rotateCompanyKey(
  db: Queryable,
  secret: string,
  companyId: number,
  now: Date,
): Promise<{ retired: string | null; created: string }> {
  const [retired] = await db
    .update(credentialKeys)
    .set({ retiredAt: now })
    .where(and(eq(credentialKeys.companyId, companyId), isNull(credentialKeys.retiredAt)))
    .returning({ thumbprint: credentialKeys.thumbprint });
  const [created] = await db
    .insert(credentialKeys)
    .values(await newKeyRow(secret, companyId, now))
    .returning({ thumbprint: credentialKeys.thumbprint });
  return { retired: retired?.thumbprint ?? null, created: created!.thumbprint };
}
