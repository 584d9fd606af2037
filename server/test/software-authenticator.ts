// A small software authenticator for API tests (decision 206): makes real WebAuthn answers for the
// options our passkey endpoints give, with an ES256 key from node:crypto, 'none' attestation and the
// CBOR of @simplewebauthn's own helpers. It can lie where a test needs it to (another origin, user
// verification off, a counter that goes back), and nothing else.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyAuthenticationCredential, PasskeyOptions, PasskeyRegistrationCredential } from '../../contract/passkeys.ts';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface AnswerOptions {
  origin?: string;
  rpId?: string;
  /** The UV flag: on unless a test turns it off. */
  userVerified?: boolean;
  /** The counter to sign with, in place of the next one. */
  counter?: number;
  /** Signs another challenge than the options'. */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  /** The user handle the options named at creation (a discoverable passkey answers it back). */
  private userHandle = '';

  readonly origin: string;
  readonly rpId: string;

  constructor(origin: string, rpId = new URL(origin).hostname) {
    this.origin = origin;
    this.rpId = rpId;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    this.cosePublicKey = isoCBOR.encode(cose);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer to `navigator.credentials.create(options)`. */
  create(options: PasskeyOptions, answer: AnswerOptions = {}): PasskeyRegistrationCredential {
    const user = (options as { user?: { id?: string } }).user;
    this.userHandle = user?.id ?? '';
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
    // UP (0x01), UV (0x04), backup eligible and backed up (0x08 | 0x10), attested credential (0x40).
    const flags = 0x01 | (answer.userVerified === false ? 0 : 0x04) | 0x08 | 0x10 | 0x40;
    const authData = this.authData(answer.rpId ?? this.rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = this.clientData('webauthn.create', answer.challenge ?? options.challenge, answer.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to `navigator.credentials.get(options)`, signed with the next counter. */
  get(options: PasskeyOptions, answer: AnswerOptions = {}): PasskeyAuthenticationCredential {
    this.counter += 1;
    const counter = answer.counter ?? this.counter;
    const flags = 0x01 | (answer.userVerified === false ? 0 : 0x04) | 0x08 | 0x10;
    const authData = this.authData(answer.rpId ?? this.rpId, flags, counter);
    const clientDataJSON = this.clientData('webauthn.get', answer.challenge ?? options.challenge, answer.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
