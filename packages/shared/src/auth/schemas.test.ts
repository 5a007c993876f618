import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { birthdayFromCalendarDate } from './birthday.ts';
import { isCommonPassword } from './common-passwords.server.ts';
import {
  authIssueReason,
  createRegisterBodySchema,
  emailValidationBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerExistsBodySchema,
} from './schemas.ts';

const now = () => new Date('2025-06-15T12:00:00Z');
const serverSchema = createRegisterBodySchema({ minPasswordLength: 6, isCommonPassword, now });
const webSchema = createRegisterBodySchema({ minPasswordLength: 6, now });

const validBody = {
  type: 'email',
  email: ' jane.doe@example.com ',
  password: 'tulip-garden',
  birthday: birthdayFromCalendarDate({ year: 1990, month: 5, day: 15 }),
  country: 'kr',
  first_name: ' Jane ',
  last_name: 'Doe',
  recaptchaV3Token: 'token',
  birthday_source_site: 'signup',
  email_source_site: 'signup',
  kr_privacy_consent_opt_in: true,
  marketing_notifs_opt_out: false,
  container: 'home_page',
  page: '/',
  signupSource: 'homePage',
};

/** Field path → [reason, message] for every issue. */
function issues(result: {
  success: boolean;
  error?: z.ZodError;
}): Record<string, [string, string]> {
  const out: Record<string, [string, string]> = {};
  for (const issue of result.error?.issues ?? [])
    out[issue.path.join('.')] = [authIssueReason(issue), issue.message];
  return out;
}

describe('createRegisterBodySchema', () => {
  it('parses a complete email signup, trimming and normalising', () => {
    const result = serverSchema.parse(validBody);
    expect(result).toMatchObject({
      type: 'email',
      email: 'jane.doe@example.com',
      password: 'tulip-garden',
      country: 'KR',
      first_name: 'Jane',
      signupSource: 'homePage',
    });
  });

  it('needs only type, email, password and birthday; signupSource defaults', () => {
    const result = serverSchema.parse({
      type: 'email',
      email: 'a@example.com',
      password: 'tulip-garden',
      birthday: validBody.birthday,
    });
    expect(result.signupSource).toBe('defaultSource');
  });

  it('drops unknown fields', () => {
    expect(serverSchema.parse({ ...validBody, is_admin: true })).not.toHaveProperty('is_admin');
  });

  it('reports every missing field with its spec sentence', () => {
    expect(issues(serverSchema.safeParse({ type: 'email' }))).toEqual({
      email: ['required', "You missed a spot! Don't forget to add your email."],
      password: ['required', "You missed a spot! Don't forget to add your password."],
      birthday: ['required', "You missed a spot. Don't forget to add your birthday."],
    });
  });

  it('reports field rules on each field at once', () => {
    const result = serverSchema.safeParse({
      ...validBody,
      email: 'jane@gmial.com',
      password: 'abc',
      birthday: birthdayFromCalendarDate({ year: 2010, month: 1, day: 1 }),
    });
    expect(issues(result)).toEqual({
      email: ['known_bad', "Hmm...that doesn't look like an email address."],
      password: ['too_short', 'Your password is too short! You need 6+ characters.'],
      birthday: ['under_age', "Sorry, you're not eligible to sign up for Corkboard right now."],
    });
  });

  it('takes the minimum password length from the factory', () => {
    const increased = createRegisterBodySchema({ minPasswordLength: 8, now });
    expect(issues(increased.safeParse({ ...validBody, password: 'tulip-g' }))).toEqual({
      password: ['too_short', 'Your password is too short! You need 8+ characters.'],
    });
    expect(webSchema.safeParse({ ...validBody, password: 'tulip-g' }).success).toBe(true);
  });

  it('rejects a password equal to the email or its local part', () => {
    expect(
      issues(serverSchema.safeParse({ ...validBody, password: 'Jane.Doe@Example.com' })),
    ).toEqual({
      password: ['same_as_identity', 'Please make your username and password different.'],
    });
    expect(issues(webSchema.safeParse({ ...validBody, password: 'jane.doe' }))).toEqual({
      password: ['same_as_identity', 'Please make your username and password different.'],
    });
  });

  it('checks the common list only where a predicate is given', () => {
    expect(issues(serverSchema.safeParse({ ...validBody, password: 'iloveyou' }))).toEqual({
      password: ['common', 'Please make a stronger password.'],
    });
    expect(webSchema.safeParse({ ...validBody, password: 'iloveyou' }).success).toBe(true);
  });

  it('rejects non-ASCII passwords', () => {
    expect(issues(serverSchema.safeParse({ ...validBody, password: 'tulip-g\u00e4rden' }))).toEqual(
      {
        password: [
          'not_ascii',
          'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
        ],
      },
    );
  });

  it('reads the clock on every parse', () => {
    let current = new Date('2025-06-14T00:00:00Z');
    const schema = createRegisterBodySchema({
      minPasswordLength: 6,
      now: () => current,
      birthdayUtcOffsetMinutes: 0,
    });
    const body = {
      ...validBody,
      birthday: birthdayFromCalendarDate({ year: 2007, month: 6, day: 15 }),
    };
    expect(schema.safeParse(body).success).toBe(false);
    current = new Date('2025-06-15T00:00:00Z');
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('judges age at UTC+14 unless told otherwise', () => {
    const lateEvening = () => new Date('2025-06-14T12:00:00Z');
    const body = {
      ...validBody,
      birthday: birthdayFromCalendarDate({ year: 2007, month: 6, day: 15 }),
    };
    expect(
      createRegisterBodySchema({ minPasswordLength: 6, now: lateEvening }).safeParse(body).success,
    ).toBe(true);
    const utc = createRegisterBodySchema({
      minPasswordLength: 6,
      now: lateEvening,
      birthdayUtcOffsetMinutes: 0,
    });
    expect(issues(utc.safeParse(body))).toMatchObject({
      birthday: ['under_age', expect.any(String)],
    });
  });

  it.each([
    ['a non-integer birthday', { birthday: 1.5 }, 'birthday'],
    [
      'a birthday this year',
      { birthday: birthdayFromCalendarDate({ year: 2025, month: 3, day: 1 }) },
      'birthday',
    ],
    ['a birthday as a string', { birthday: '1990-05-15' }, 'birthday'],
    ['another signup type', { type: 'google' }, 'type'],
    ['a three-letter country', { country: 'KOR' }, 'country'],
    ['an unknown container', { container: 'sidebar' }, 'container'],
    ['an unknown signup source', { signupSource: 'banner' }, 'signupSource'],
    [
      'a consent flag as a string',
      { kr_privacy_consent_opt_in: 'yes' },
      'kr_privacy_consent_opt_in',
    ],
    ['an over-long first name', { first_name: 'x'.repeat(101) }, 'first_name'],
  ])('rejects %s', (_label, patch, path) => {
    expect(Object.keys(issues(serverSchema.safeParse({ ...validBody, ...patch })))).toEqual([path]);
  });
});

describe('loginBodySchema', () => {
  it('parses email-and-password login with defaults', () => {
    expect(
      loginBodySchema.parse({ username_or_email: ' jane@example.com ', password: ' pw ' }),
    ).toEqual({
      username_or_email: 'jane@example.com',
      password: ' pw ',
      isAccountSwitch: false,
    });
  });

  it('accepts a username, captcha tokens, account switch and an MFA code', () => {
    expect(
      loginBodySchema.parse({
        username_or_email: 'janedoe',
        password: 'x',
        recaptchaV2Token: 'v2',
        recaptchaV3Token: 'v3',
        isAccountSwitch: true,
        mfa_token: '123 456',
        mfa_resend: false,
      }),
    ).toMatchObject({ isAccountSwitch: true, mfa_token: '123456' });
  });

  it('applies no signup rules to the password', () => {
    expect(
      loginBodySchema.safeParse({ username_or_email: 'jane', password: 'short' }).success,
    ).toBe(true);
  });

  it('reports missing and impossible values', () => {
    expect(issues(loginBodySchema.safeParse({ username_or_email: '  ', password: '' }))).toEqual({
      username_or_email: ['required', "You missed a spot! Don't forget to add your email."],
      password: ['required', "You missed a spot! Don't forget to add your password."],
    });
    expect(
      issues(
        loginBodySchema.safeParse({
          username_or_email: 'jane',
          password: 'x'.repeat(129),
          mfa_token: '12',
        }),
      ),
    ).toEqual({
      password: ['too_long', 'The password you entered is incorrect.'],
      mfa_token: ['malformed', "Hmm...that doesn't look like a verification code."],
    });
  });
});

describe('registerExistsBodySchema', () => {
  it('takes a valid email', () => {
    expect(registerExistsBodySchema.parse({ email: 'Jane@Example.com ' })).toEqual({
      email: 'Jane@Example.com',
    });
  });

  it('rejects a bad one', () => {
    expect(issues(registerExistsBodySchema.safeParse({ email: 'jane@' }))).toEqual({
      email: ['malformed', "Hmm...that doesn't look like an email address."],
    });
  });
});

describe('emailValidationBodySchema', () => {
  it('accepts any string, since the answer is is_valid', () => {
    expect(emailValidationBodySchema.parse({ email: ' not an email ' })).toEqual({
      email: 'not an email',
    });
  });

  it('still bounds the size', () => {
    expect(emailValidationBodySchema.safeParse({ email: 'x'.repeat(1025) }).success).toBe(false);
    expect(emailValidationBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('forgotPasswordBodySchema', () => {
  it('takes an email or a username', () => {
    expect(forgotPasswordBodySchema.parse({ username_or_email: 'janedoe' })).toEqual({
      username_or_email: 'janedoe',
    });
    expect(issues(forgotPasswordBodySchema.safeParse({}))).toEqual({
      username_or_email: ['required', "You missed a spot! Don't forget to add your email."],
    });
  });
});
