// Secrets kept at rest (decision 180): AES-256-GCM under a key from the environment (TWO_FACTOR_KEY),
// a fresh 96-bit nonce for each encryption, and the user id as associated data, so a ciphertext copied
// to another person's row does not decrypt. Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
// Keys are rotated (decision 228): a secret sealed under a retired key still opens, and says so.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of `sealed`; throws when the key, the context or the stored text is not the one sealed. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [v, nonce, tag, ciphertext] = sealed.split('.');
  if (v !== version || !nonce || !tag || ciphertext === undefined) throw new Error('Unreadable sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The plaintext of `sealed` under the current key or, failing that, a retired one; `stale` when a
 * retired key opened it (the caller seals it again under the current key). Throws when none does.
 */
export function openSecretWithAny(
  current: Buffer,
  retired: readonly Buffer[],
  sealed: string,
  context: string,
): { plaintext: string; stale: boolean } {
  try {
    return { plaintext: openSecret(current, sealed, context), stale: false };
  } catch (error) {
    for (const key of retired) {
      try {
        return { plaintext: openSecret(key, sealed, context), stale: true };
      } catch {
        // not this one
      }
    }
    throw error;
  }
}
