// Input and answer schemas of the two-factor settings endpoints (docs/decisions/041).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@corkboard/shared/auth/password';
import { passkeyAuthenticationResponseSchema } from '@corkboard/shared/auth/passkeys';

const code = z.string().trim().min(1).max(32);

export const securityStateSchema = z.object({
  totp_enabled: z.boolean(),
  sms_phone_number_end: z.string().nullable(),
  backup_codes_left: z.number().int(),
  has_password: z.boolean(),
  passkey_count: z.number().int(),
  reauthenticated_until: z.string().nullable(),
});

export const reauthBody = z
  .object({
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    code: code.optional(),
    /** A passkey's answer to POST …/reauth/passkey/options/ (docs/decisions/189). */
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code) || body.passkey !== undefined, {
    message: 'Give your password, a code or a passkey.',
    path: ['password'],
  });

/** The options are handed to the browser as they are (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.unknown().optional(),
});

export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});

export const codeBody = z.object({ code });

export const backupCodesSchema = z.object({ backup_codes: z.array(z.string()).nullable() });

export const smsEnrolmentBody = z.object({ phone_number: z.string().trim().min(1).max(32) });

export const smsEnrolmentSchema = z.object({ phone_number_end: z.string() });

export const factorKindParams = z.object({ kind: z.enum(['totp', 'sms']) });
