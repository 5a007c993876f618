// The auth copy lives in the locale catalogues; where packages/shared states the same sentence
// (what the server answers in message_detail), the English catalogue must say it word for word.
import { BIRTHDAY_COPY } from '@corkboard/shared/auth/birthday';
import { EMAIL_COPY } from '@corkboard/shared/auth/email';
import { EMAIL_TYPO_COPY } from '@corkboard/shared/auth/email-typo';
import { PASSWORD_COPY } from '@corkboard/shared/auth/password';
import { SIGNUP_PAGE_MAX_LENGTH } from '@corkboard/shared/auth/schemas';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { describe, expect, test } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { SIGNUP_PAGE_MAX_LENGTH as WEB_SIGNUP_PAGE_MAX_LENGTH } from './useAuthFlow.ts';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { BIRTHDAY_COPY_KEYS, EMAIL_COPY_KEYS, PASSWORD_COPY_KEYS } from './copyKeys.ts';

const i18n = createI18n('en');
ensureAuthCatalogue(i18n);
const t = i18n.getFixedT('en', 'auth');
const plain = (text: string) => text.replace(/<\/?[a-z]+>/g, '');

describe('auth catalogue = shared copy', () => {
  test('email sentences', () => {
    for (const [key, sentence] of Object.entries(EMAIL_COPY)) {
      expect(t(EMAIL_COPY_KEYS[key as keyof typeof EMAIL_COPY])).toBe(sentence);
    }
  });

  test('password sentences (placeholders included)', () => {
    for (const [key, sentence] of Object.entries(PASSWORD_COPY)) {
      const raw = i18n.getResource(
        'en',
        'auth',
        PASSWORD_COPY_KEYS[key as keyof typeof PASSWORD_COPY],
      ) as string;
      expect(plain(raw)).toBe(sentence);
    }
  });

  test('birthday sentences', () => {
    for (const [key, sentence] of Object.entries(BIRTHDAY_COPY)) {
      expect(t(BIRTHDAY_COPY_KEYS[key as keyof typeof BIRTHDAY_COPY])).toBe(sentence);
    }
  });

  test('the typo hint', () => {
    expect(i18n.getResource('en', 'auth', 'signup.typoHint')).toBe(EMAIL_TYPO_COPY.hint);
  });

  test('the registry messages the views show as their own copy', () => {
    expect(t('dialogs.rateLimited.text')).toBe(ERROR_CODES.AUTH_LOGIN_RATE_LIMITED.message);
    expect(t('errors.tooFast')).toBe(ERROR_CODES.AUTH_LOGIN_TOO_FAST_IP.message);
    expect(t('errors.cantLogIn')).toBe(ERROR_CODES.AUTH_ACCOUNT_SUSPENDED.message);
    expect(t('errors.strangeActivity')).toBe(ERROR_CODES.AUTH_SOFT_BANNED.message);
    expect(t('emailExists.title')).toBe(ERROR_CODES.AUTH_EMAIL_TAKEN.message);
    expect(t('dialogs.loginAssistance.title')).toBe(ERROR_CODES.AUTH_LOGIN_ASSISTANCE.message);
    expect(t('reset.invalidToken')).toBe(ERROR_CODES.AUTH_RESET_TOKEN_INVALID.message);
    expect(t('errors.unknownAccount')).toBe(ERROR_CODES.AUTH_LOGIN_UNKNOWN_ACCOUNT.message);
    expect(t('consent.intro')).toBe(ERROR_CODES.AUTH_CONSENT_REQUIRED.message);
  });

  test('the signup page limit restated for the browser equals the schema', () => {
    expect(WEB_SIGNUP_PAGE_MAX_LENGTH).toBe(SIGNUP_PAGE_MAX_LENGTH);
  });

  test('no copy says "the product"', () => {
    for (const language of ['en', 'es']) {
      expect(JSON.stringify(i18n.getResourceBundle(language, 'auth'))).not.toMatch(/the product/i);
    }
  });
});
