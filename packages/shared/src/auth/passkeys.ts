// Passkeys (WebAuthn) on the wire (docs/decisions/166): the browser's answers, as
// @simplewebauthn/browser serialises them (base64url strings), bounded at the edge, and the
// copy the web shows. The server verifies the content; these schemas only keep its shape and
// size sane (bad input → 400 VALIDATION_FAILED, never a 500).
import { z } from 'zod';

/** base64url text of at most `max` characters. */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8);

/** `navigator.credentials.create` answer (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(4096).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** `navigator.credentials.get` answer (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    // Post-quantum signatures are large: ML-DSA-87's 4,627 bytes are 6,170 characters here
    // (Chromium's authenticator answered with ML-DSA; 2,048 refused it).
    signature: b64url(8192),
    userHandle: b64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const PASSKEY_NAME_MAX_LENGTH = 64;
export const passkeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH);

/** A passkey as the settings list shows it. */
export interface PasskeyInfo {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  synced: boolean;
}
