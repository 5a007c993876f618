// Request bodies of the social and SSO credential kinds (auth.md §3; docs/decisions/030). The
// login route and the register route pick these by the credential fields a body carries; the
// fields every social signup shares (birthday, collected e-mail, names, consent, context) are
// checked with the same rules as the e-mail signup's (schemas.ts), so their failures get the same
// codes and sentences.
import { z } from 'zod';
import { BIRTHDAY_COPY, SERVER_BIRTHDAY_UTC_OFFSET_MINUTES, validateBirthday } from './birthday.ts';
import {
  AUTH_CONTAINERS,
  CAPTCHA_TOKEN_MAX_LENGTH,
  DEFAULT_SIGNUP_SOURCE,
  emailSchema,
  loginBodySchema,
  NAME_MAX_LENGTH,
  SIGNUP_PAGE_MAX_LENGTH,
  SIGNUP_SOURCES,
  SOURCE_SITE_MAX_LENGTH,
} from './schemas.ts';
import { SOCIAL_SIGNUP_TYPES } from './social-api.ts';

/** An ID token (a JWS compact serialization) is never longer than this. */
export const ID_TOKEN_MAX_LENGTH = 8192;
/** Facebook access tokens are a few hundred characters; this bounds the body. */
export const FACEBOOK_TOKEN_MAX_LENGTH = 2048;
/** OAuth codes and states are short random strings; this bounds the body. */
export const OAUTH_VALUE_MAX_LENGTH = 2048;

const idToken = z.string().min(1).max(ID_TOKEN_MAX_LENGTH);
const captchaToken = z.string().max(CAPTCHA_TOKEN_MAX_LENGTH);
const name = z.string().trim().max(NAME_MAX_LENGTH);

/**
 * Fields every login credential kind shares with the e-mail login (auth.md §7 "Login"), the
 * two-factor step's `mfa_token` and `mfa_resend` included (auth.md §3 lists them; a social or SSO
 * credential is spent at the first step, so the loginMfa step itself is POST /v3/login/mfa/,
 * docs/decisions/189).
 */
export const loginCommonFields = {
  recaptchaV2Token: captchaToken.optional(),
  recaptchaV3Token: captchaToken.optional(),
  isAccountSwitch: z.boolean().default(false),
  mfa_token: loginBodySchema.shape.mfa_token,
  mfa_resend: loginBodySchema.shape.mfa_resend,
};

/** auth.md §3 login credentials, one kind each. */
export const googleLoginFields = {
  google_open_id_token: idToken,
  /** The Identity Services callback's `select_by` ('btn', 'user', 'auto', …). */
  select_by: z
    .string()
    .regex(/^[a-z_0-9]{1,32}$/)
    .optional(),
  /** Which Google path the page used: the button (`google`) or one tap (`google_one_tap`). */
  login_method: z.enum(['google', 'google_one_tap']).default('google'),
};
export const lineLoginFields = { line_id_token: idToken };
export const facebookLoginFields = {
  facebook_id: z.string().regex(/^\d{1,32}$/),
  facebook_token: z.string().min(1).max(FACEBOOK_TOKEN_MAX_LENGTH),
  facebook_autologin: z.boolean().optional(),
};
export const ssoIdTokenLoginFields = { sso_id_token: idToken };
export const ssoCodeLoginFields = {
  sso_user_email: emailSchema,
  sso_auth_code: z.string().min(1).max(OAUTH_VALUE_MAX_LENGTH),
};

export interface SocialSignupSchemaOptions {
  readonly now?: (() => Date) | undefined;
}

/**
 * The fields of POST /v3/register/ every social signup type carries (auth.md §3 "types google,
 * google_one_tap, facebook, line, sso" plus the extra fields and the signup context).
 */
export function socialSignupFields(options: SocialSignupSchemaOptions = {}) {
  const now = options.now ?? (() => new Date());
  return {
    type: z.enum(SOCIAL_SIGNUP_TYPES),
    /** Epoch seconds of 00:00 UTC on the birth date (the birthday step, or the provider's). */
    birthday: z.number({ error: BIRTHDAY_COPY.required }).superRefine((birthday, ctx) => {
      const failure = validateBirthday(birthday, {
        now: now(),
        utcOffsetMinutes: SERVER_BIRTHDAY_UTC_OFFSET_MINUTES,
      });
      if (failure) {
        ctx.addIssue({
          code: 'custom',
          message: failure.message,
          params: { reason: failure.reason },
        });
      }
    }),
    /** The e-mail collection step's address, when the provider gave none (auth.md §2). */
    email: emailSchema.optional(),
    first_name: name.optional(),
    last_name: name.optional(),
    /** Ignored: the picture comes from the verified profile (docs/decisions/030). */
    image_url: z.string().max(2048).optional(),
    gender: z.string().trim().max(32).optional(),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    recaptchaV3Token: captchaToken.optional(),
    birthday_source_site: z.string().trim().max(SOURCE_SITE_MAX_LENGTH).optional(),
    email_source_site: z.string().trim().max(SOURCE_SITE_MAX_LENGTH).optional(),
    kr_privacy_consent_opt_in: z.boolean().optional(),
    marketing_notifs_opt_out: z.boolean().optional(),
    container: z.enum(AUTH_CONTAINERS).optional(),
    page: z.string().max(SIGNUP_PAGE_MAX_LENGTH).optional(),
    signupSource: z.enum(SIGNUP_SOURCES).default(DEFAULT_SIGNUP_SOURCE),
  };
}

/** The common signup fields as the server reads them. */
export type SocialSignupFields = z.output<z.ZodObject<ReturnType<typeof socialSignupFields>>>;
