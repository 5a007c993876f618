// Input and answer schemas of the auth endpoints: the shared schemas the web forms parse with
// (@corkboard/shared/auth/schemas), so one rule decides on both sides, plus the fields only the
// server reads. Failures get their auth codes from auth-errors.ts.
import { z } from 'zod';
import type { AuthSuccess, AuthUser, CaptchaClientConfig } from '@corkboard/shared/auth/api';
import { CAPTCHA_ACTIONS, CAPTCHA_LEVELS } from '@corkboard/shared/auth/api';
import { isCommonPassword } from '@corkboard/shared/auth/common-passwords.server';
import { passwordMinLength } from '@corkboard/shared/auth/password';
import {
  CAPTCHA_TOKEN_MAX_LENGTH,
  createRegisterBodySchema,
  emailValidationBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerExistsBodySchema,
} from '@corkboard/shared/auth/schemas';
import type { Clock } from '../../lib/clock.ts';

/** Where to go after logging in or signing up; only our own paths are honoured (safeNextPath). */
const nextField = { next: z.string().optional().catch(undefined) };

export { registerExistsBodySchema };

/**
 * POST /v3/email/validation/: any JSON object; an `email` that is missing or breaks the shared
 * rule is `is_valid: false`, never a validation error.
 */
export const emailValidationBody = z.object({
  email: emailValidationBodySchema.shape.email.nullable().catch(null),
});

/** POST /v3/register/ bodies for the two password minimums (`web_increased_min_password_length`). */
export function registerBodySchemas(now: Clock) {
  const build = (minPasswordLength: number) =>
    createRegisterBodySchema({ minPasswordLength, isCommonPassword, now }).extend(nextField);
  return { normal: build(passwordMinLength(false)), increased: build(passwordMinLength(true)) };
}
export type RegisterInput = z.output<ReturnType<typeof registerBodySchemas>['normal']>;

export const loginBody = loginBodySchema.extend(nextField);
export type LoginInput = z.output<typeof loginBody>;

export const forgotPasswordBody = forgotPasswordBodySchema.extend({
  recaptchaV3Token: z.string().max(CAPTCHA_TOKEN_MAX_LENGTH).optional(),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordBody>;

/** Tokens longer than this are not ours (43 characters), refused before hashing. */
const RESET_TOKEN_MAX_LENGTH = 256;

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(RESET_TOKEN_MAX_LENGTH),
  new_password: z.string().max(10_000),
});
export type ResetPasswordInput = z.output<typeof resetPasswordBody>;

export const challengeQuery = z.object({
  action: z.enum(CAPTCHA_ACTIONS),
  level: z.enum(CAPTCHA_LEVELS).default('standard'),
});

export const authUserSchema: z.ZodType<AuthUser> = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  account_type: z.enum(['personal', 'business']),
  is_partner: z.boolean(),
  country: z.string().nullable(),
  locale: z.string(),
  has_password: z.boolean(),
  connected_to_google: z.boolean(),
  connected_to_facebook: z.boolean(),
  is_admin: z.boolean(),
});

export const authSuccessSchema: z.ZodType<AuthSuccess> = z.object({
  user: authUserSchema,
  next: z.string().nullable(),
  reactivated: z.boolean(),
});

export const captchaConfigSchema: z.ZodType<CaptchaClientConfig> = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'off']),
  site_key: z.string().nullable(),
  challenge_site_key: z.string().nullable(),
});

/** An ALTCHA challenge (altcha-lib's Challenge object) for the page to solve. */
export const altchaChallengeSchema = z.record(z.string(), z.unknown());
