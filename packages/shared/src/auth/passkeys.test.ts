import { describe, expect, it } from 'vitest';
import { passkeyAuthenticationResponseSchema } from './passkeys.ts';

const b64url = (length: number) => 'A'.repeat(length);

function answer(signatureLength: number) {
  return {
    id: b64url(43),
    rawId: b64url(43),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(200),
      authenticatorData: b64url(50),
      signature: b64url(signatureLength),
    },
    clientExtensionResults: {},
  };
}

describe('passkey answers at the edge', () => {
  // Chromium's authenticator signs with ML-DSA when the server offers it: ML-DSA-44 signatures
  // are 2,420 bytes (3,227 base64url characters), ML-DSA-87's 4,627 bytes (6,170).
  it('accepts post-quantum signature sizes', () => {
    expect(passkeyAuthenticationResponseSchema.safeParse(answer(3_227)).success).toBe(true);
    expect(passkeyAuthenticationResponseSchema.safeParse(answer(6_170)).success).toBe(true);
  });

  it('still bounds the signature', () => {
    expect(passkeyAuthenticationResponseSchema.safeParse(answer(8_193)).success).toBe(false);
  });
});
