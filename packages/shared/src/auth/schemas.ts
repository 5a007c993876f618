// Request bodies of the email-auth /v3 endpoints (auth.md §3, §7). The web forms and the
// Fastify routes parse with the same schemas, so one rule decides on both sides. Every rule
// failure is a zod issue on the field's path whose message is the spec's sentence and whose
// `params.reason` is the validator's reason code (see authIssueReason).
import { z } from 'zod';
import { EMAIL_COPY, EMAIL_MAX_LENGTH, normalizeEmail, validateEmail } from './email.ts';
import {
  PASSWORD_COPY,
  PASSWORD_MAX_LENGTH,
  validatePassword,
  type CommonPasswordPredicate,
} from './password.ts';
import { BIRTHDAY_COPY, SERVER_BIRTHDAY_UTC_OFFSET_MINUTES, validateBirthday } from './birthday.ts';
import { validateVerificationCode, VERIFICATION_CODE_COPY } from './verification-code.ts';

/** auth.md §2: the containers the auth views open in. */
export const AUTH_CONTAINERS = [
  'home_page',
  'login_page',
  'revamped_business_login_page',
  'save',
  'download',
  'follow',
  'pinBookmarklet',
  'bottom.right.upsell.email',
] as const;
export type AuthContainer = (typeof AUTH_CONTAINERS)[number];

/** auth.md §2: what opened the signup view; it picks the title. */
export const SIGNUP_SOURCES = [
  'boardInvite',
  'saveButton',
  'saveButtonExp',
  'homePage',
  'pinBookmarklet',
  'downloadImageBtnDweb',
  'downloadImageBtnUnauth',
  'followButton',
  'defaultSource',
] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];
/** auth.md §2: "the default source value is 'defaultSource'". */
export const DEFAULT_SIGNUP_SOURCE: SignupSource = 'defaultSource';

/** Not in the spec (ADR 005): limits that only keep request bodies bounded. */
export const NAME_MAX_LENGTH = 100;
export const CAPTCHA_TOKEN_MAX_LENGTH = 4096;
export const SOURCE_SITE_MAX_LENGTH = 64;
export const SIGNUP_PAGE_MAX_LENGTH = 200;
/** /v3/email/validation/ answers is_valid for anything up to this long instead of a 400. */
export const EMAIL_VALIDATION_INPUT_MAX_LENGTH = 1024;

/** The issue reason for a missing or wrongly typed field. */
export const REQUIRED_REASON = 'required';

function addIssue(
  ctx: z.RefinementCtx,
  message: string,
  reason: string,
  path: PropertyKey[] = [],
): void {
  ctx.addIssue({ code: 'custom', message, path, params: { reason } });
}

/**
 * The validator reason behind an issue from these schemas: `params.reason` of a rule failure,
 * `required` for a missing (or wrongly typed) field, else zod's issue code (e.g. `invalid_value`
 * for an unknown enum member).
 */
export function authIssueReason(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') {
    const reason: unknown = issue.params?.['reason'];
    if (typeof reason === 'string') return reason;
  }
  if (issue.code === 'invalid_type') return REQUIRED_REASON;
  return issue.code;
}

/** A signup or lookup email: trimmed, then the full rule set of validateEmail. */
export const emailSchema = z
  .string({ error: EMAIL_COPY.required })
  .transform(normalizeEmail)
  .superRefine((email, ctx) => {
    const failure = validateEmail(email);
    if (failure) addIssue(ctx, failure.message, failure.reason);
  });

/** The login and forgot-password identifier: an email or a username, so only presence and size. */
export const usernameOrEmailSchema = z
  .string({ error: EMAIL_COPY.required })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) addIssue(ctx, EMAIL_COPY.required, REQUIRED_REASON);
    else if (value.length > EMAIL_MAX_LENGTH) addIssue(ctx, EMAIL_COPY.invalid, 'too_long');
  });

const captchaTokenSchema = z.string().max(CAPTCHA_TOKEN_MAX_LENGTH);
const nameSchema = z.string().trim().max(NAME_MAX_LENGTH);
const sourceSiteSchema = z.string().trim().max(SOURCE_SITE_MAX_LENGTH);

export interface RegisterBodySchemaOptions {
  /** PASSWORD_MIN_LENGTH, or PASSWORD_MIN_LENGTH_INCREASED for `web_increased_min_password_length`. */
  readonly minPasswordLength: number;
  /** The server passes isCommonPassword from common-passwords.server.ts; the web omits it. */
  readonly isCommonPassword?: CommonPasswordPredicate | undefined;
  /** The clock; a function so one schema can serve many requests. */
  readonly now?: (() => Date) | undefined;
  /**
   * The offset "today" is judged in for the age rules. Defaults to the server's UTC+14 so a
   * client that does not pass its own offset is never stricter than the server.
   */
  readonly birthdayUtcOffsetMinutes?: number | undefined;
}

/** POST /v3/register/ with `type: 'email'` (auth.md §3 signup credentials + signup context). */
export function createRegisterBodySchema(options: RegisterBodySchemaOptions) {
  const now = options.now ?? (() => new Date());
  const utcOffsetMinutes = options.birthdayUtcOffsetMinutes ?? SERVER_BIRTHDAY_UTC_OFFSET_MINUTES;
  const minLength = options.minPasswordLength;

  return z
    .object({
      type: z.literal('email'),
      email: emailSchema,
      // Field-level: the rules that need no other field, so the form can show them at once.
      password: z.string({ error: PASSWORD_COPY.required }).superRefine((password, ctx) => {
        const failure = validatePassword(password, { minLength });
        if (failure) addIssue(ctx, failure.message, failure.reason);
      }),
      /** Epoch seconds of 00:00 UTC on the birth date (birthdayFromCalendarDate). */
      birthday: z.number({ error: BIRTHDAY_COPY.required }).superRefine((birthday, ctx) => {
        const failure = validateBirthday(birthday, { now: now(), utcOffsetMinutes });
        if (failure) addIssue(ctx, failure.message, failure.reason);
      }),
      /** ISO 3166-1 alpha-2; the server falls back to the request's country when absent. */
      country: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/)
        .optional(),
      first_name: nameSchema.optional(),
      last_name: nameSchema.optional(),
      recaptchaV3Token: captchaTokenSchema.optional(),
      birthday_source_site: sourceSiteSchema.optional(),
      email_source_site: sourceSiteSchema.optional(),
      kr_privacy_consent_opt_in: z.boolean().optional(),
      marketing_notifs_opt_out: z.boolean().optional(),
      // Signup context (auth.md §7 "Register": container, page, signupSource).
      container: z.enum(AUTH_CONTAINERS).optional(),
      page: z.string().max(SIGNUP_PAGE_MAX_LENGTH).optional(),
      signupSource: z.enum(SIGNUP_SOURCES).default(DEFAULT_SIGNUP_SOURCE),
    })
    .superRefine((body, ctx) => {
      // Cross-field and list rules. Runs only once every field parsed, so it reports only what
      // the field-level check above cannot know: same-as-email, and the common list.
      const failure = validatePassword(body.password, {
        minLength,
        email: body.email,
        isCommonPassword: options.isCommonPassword,
      });
      if (failure && (failure.reason === 'same_as_identity' || failure.reason === 'common')) {
        addIssue(ctx, failure.message, failure.reason, ['password']);
      }
    });
}

export type RegisterBody = z.output<ReturnType<typeof createRegisterBodySchema>>;
export type RegisterBodyInput = z.input<ReturnType<typeof createRegisterBodySchema>>;

/** POST /v3/login/ with email (or username) and password (auth.md §3 login credentials). */
export const loginBodySchema = z.object({
  username_or_email: usernameOrEmailSchema,
  // No signup rules at login: an account may predate them. A longer password than we ever
  // accept cannot be right (auth.md §5: such a check says the password is incorrect).
  password: z.string({ error: PASSWORD_COPY.required }).superRefine((password, ctx) => {
    if (password.length === 0) addIssue(ctx, PASSWORD_COPY.required, REQUIRED_REASON);
    else if (password.length > PASSWORD_MAX_LENGTH)
      addIssue(ctx, PASSWORD_COPY.loginIncorrect, 'too_long');
  }),
  recaptchaV2Token: captchaTokenSchema.optional(),
  recaptchaV3Token: captchaTokenSchema.optional(),
  isAccountSwitch: z.boolean().default(false),
  /**
   * The loginMfa step's code sent with the credentials (auth.md §3); the web sends it alone to
   * POST /v3/login/mfa/ (docs/decisions/189).
   */
  mfa_token: z
    .string({ error: VERIFICATION_CODE_COPY.invalid })
    .transform((code) => code.replace(/\s+/g, ''))
    .superRefine((code, ctx) => {
      const failure = validateVerificationCode(code);
      if (failure) addIssue(ctx, failure.message, failure.reason);
    })
    .optional(),
  /** 'resend the code' on the loginMfa step. */
  mfa_resend: z.boolean().optional(),
});
export type LoginBody = z.output<typeof loginBodySchema>;

/** POST /v3/register/exists/ (auth.md §7): is this email taken? */
export const registerExistsBodySchema = z.object({ email: emailSchema });
export type RegisterExistsBody = z.output<typeof registerExistsBodySchema>;

/**
 * POST /v3/email/validation/ (auth.md §7). Any string is accepted: the answer is
 * `data.is_valid`, not a validation error.
 */
export const emailValidationBodySchema = z.object({
  email: z.string({ error: EMAIL_COPY.required }).trim().max(EMAIL_VALIDATION_INPUT_MAX_LENGTH),
});
export type EmailValidationBody = z.output<typeof emailValidationBodySchema>;

/** POST /v3/users/forgot_password/ (auth.md §3 password reset request). */
export const forgotPasswordBodySchema = z.object({ username_or_email: usernameOrEmailSchema });
export type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
