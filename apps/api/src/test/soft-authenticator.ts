// A software WebAuthn authenticator for the API tests (docs/decisions/166): an ES256 key pair made
// with node:crypto, answers built byte by byte as the WebAuthn spec lays them out (authenticator
// data, COSE key, "none" attestation in CBOR, DER ECDSA signature over authData ‖ SHA-256 of
// clientDataJSON). Knobs let a test answer from the wrong origin or RP ID, replay a counter or
// skip user verification, so each server check can be seen to fail.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Use this counter instead of the next one (a replay or a cloned authenticator). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  readonly origin: string;
  readonly rpId: string;

  constructor(origin: string, rpId: string) {
    this.origin = origin;
    this.rpId = rpId;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create for `options.challenge`. */
  register(challenge: string, options: AnswerOptions = {}): Record<string, unknown> {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(options.rpId ?? this.rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', challenge, options.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The answer to navigator.credentials.get for `challenge`; the counter moves on by one. */
  assert(challenge: string, options: AnswerOptions = {}): Record<string, unknown> {
    const counter = options.counter ?? (this.counter += 1);
    const flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(options.rpId ?? this.rpId, flags, counter);
    const clientData = this.clientData('webauthn.get', challenge, options.origin ?? this.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(randomBytes(32)),
      },
      clientExtensionResults: {},
    };
  }
}
