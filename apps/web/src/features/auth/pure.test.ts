// The small pure rules behind the auth views: the local captcha limit, aec, next, progress,
// consent, cookies and the birthday input.
import { describe, expect, test } from 'vitest';
import { aecOpensSoftBan, searchWithoutAec, SOFT_BAN_CODES } from './aec.ts';
import { calendarDateFromInput, checkBirthdayInput, latestBirthdayInput } from './birthdayInput.ts';
import {
  CAPTCHA_LIMIT_WINDOW_MS,
  isCaptchaLimited,
  parseCaptchaTimestamps,
  recordCaptcha,
} from './captchaLimit.ts';
import {
  agreesToAll,
  canContinue,
  consentOutput,
  countryFromLanguage,
  NO_CONSENT,
  setAll,
  toggle,
} from './consent.ts';
import {
  identityFromUser,
  maskEmail,
  readRememberedIdentity,
  REMEMBERED_IDENTITY_COOKIE,
} from './cookies.ts';
import { businessCreatePath, recoveryPath } from './links.ts';
import { afterLoginPath, nextPathFrom } from './navigation.ts';
import { welcomeProgress } from './progress.ts';

describe('captcha local limit (auth.md §9)', () => {
  const hour = CAPTCHA_LIMIT_WINDOW_MS;
  test('keeps the newest three timestamps', () => {
    expect(recordCaptcha([1, 2, 3], 4)).toEqual([2, 3, 4]);
    expect(recordCaptcha([], 10)).toEqual([10]);
  });

  test('blocked once three are kept and the oldest is within the hour', () => {
    const now = 10 * hour;
    expect(isCaptchaLimited([now - 10, now - 5], now)).toBe(false);
    expect(isCaptchaLimited([now - hour + 1, now - 5, now - 1], now)).toBe(true);
    expect(isCaptchaLimited([now - hour, now - 5, now - 1], now)).toBe(false);
  });

  test('a fourth step-up is possible again once the oldest leaves the hour', () => {
    let kept: number[] = [];
    for (const at of [0, 1000, 2000]) kept = recordCaptcha(kept, at);
    expect(isCaptchaLimited(kept, 3000)).toBe(true);
    expect(isCaptchaLimited(kept, hour + 1)).toBe(false);
  });

  test('bad stored values count as none', () => {
    expect(parseCaptchaTimestamps('not json')).toEqual([]);
    expect(parseCaptchaTimestamps('{"a":1}')).toEqual([]);
    expect(parseCaptchaTimestamps('[1,"x",2]')).toEqual([1, 2]);
    expect(parseCaptchaTimestamps(null)).toEqual([]);
  });
});

describe('aec (auth.md §2)', () => {
  test('the soft-ban codes open the dialog', () => {
    // auth.md §2 "one of two soft-ban codes".
    expect([...SOFT_BAN_CODES].sort((a, b) => a - b)).toEqual([347, 1813]);
    for (const code of SOFT_BAN_CODES) expect(aecOpensSoftBan(`?aec=${code}`)).toBe(true);
  });

  test('anything else does not', () => {
    expect(aecOpensSoftBan('?aec=340')).toBe(false);
    expect(aecOpensSoftBan('?aec=abc')).toBe(false);
    expect(aecOpensSoftBan(`?aec=${SOFT_BAN_CODES[0]}x`)).toBe(false);
    expect(aecOpensSoftBan('?q=1')).toBe(false);
  });

  test('removal keeps the other parameters', () => {
    expect(searchWithoutAec('?aec=347&q=bread&x=1')).toBe('?q=bread&x=1');
    expect(searchWithoutAec('?aec=347')).toBe('');
  });
});

describe('next (open redirects)', () => {
  test('our own paths are followed', () => {
    expect(nextPathFrom('?next=%2Fpin%2F12%2F')).toBe('/pin/12/');
    expect(nextPathFrom('?next=/alice/garden/?section=3')).toBe('/alice/garden/?section=3');
  });

  test.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/\t/evil.example',
  ])('%j goes home instead', (next) => {
    expect(nextPathFrom(`?${new URLSearchParams({ next }).toString()}`)).toBe('/');
  });

  test('no next goes home', () => {
    expect(nextPathFrom('')).toBe('/');
  });

  test('an account switch goes to the profile', () => {
    expect(afterLoginPath({ next: '/pin/1/', isAccountSwitch: true, username: 'ana' })).toBe(
      '/ana/',
    );
    expect(
      afterLoginPath({ next: '//evil.example', isAccountSwitch: false, username: 'ana' }),
    ).toBe('/');
  });

  test('links the views build', () => {
    expect(recoveryPath(' ana@example.com ')).toBe('/password/reset/?ue=ana%40example.com');
    expect(recoveryPath('')).toBe('/password/reset/');
    expect(businessCreatePath('/pin/1/')).toBe('/business/create?next=%2Fpin%2F1%2F');
    expect(businessCreatePath('/')).toBe('/business/create');
  });
});

describe('welcome progress (auth.md §9: 6000 ms to 95 %)', () => {
  test.each([
    [0, 0],
    [3000, 48],
    [6000, 95],
    [60_000, 95],
    [-5, 0],
  ])('%i ms → %i %', (elapsed, percent) => {
    expect(welcomeProgress(elapsed)).toBe(percent);
  });
});

describe('consent (auth.md §4)', () => {
  test('Agree to all ticks everything and clears everything', () => {
    expect(agreesToAll(setAll(true))).toBe(true);
    expect(canContinue(setAll(true))).toBe(true);
    expect(setAll(false)).toEqual(NO_CONSENT);
  });

  test('clearing any box clears Agree to all; ticking all ticks it', () => {
    const cleared = toggle(setAll(true), 'overseas', false);
    expect(agreesToAll(cleared)).toBe(false);
    let state = NO_CONSENT;
    for (const item of ['terms', 'personalInfo', 'thirdParty', 'overseas', 'marketing'] as const) {
      expect(agreesToAll(state)).toBe(false);
      state = toggle(state, item, true);
    }
    expect(agreesToAll(state)).toBe(true);
  });

  test('Next needs the four required boxes, not the optional one', () => {
    let state = NO_CONSENT;
    for (const item of ['terms', 'personalInfo', 'thirdParty'] as const) {
      state = toggle(state, item, true);
      expect(canContinue(state)).toBe(false);
    }
    state = toggle(state, 'overseas', true);
    expect(canContinue(state)).toBe(true);
    expect(agreesToAll(state)).toBe(false);
  });

  test('output: marketing opt-out is the inverse of the optional box', () => {
    const required = toggle(
      toggle(toggle(toggle(NO_CONSENT, 'terms', true), 'personalInfo', true), 'thirdParty', true),
      'overseas',
      true,
    );
    expect(consentOutput(required)).toEqual({
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: true,
    });
    expect(consentOutput(setAll(true))).toEqual({
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: false,
    });
  });

  test('country from a language tag, as the server reads Accept-Language', () => {
    expect(countryFromLanguage('ko-KR')).toBe('KR');
    expect(countryFromLanguage('zh-Hant-TW')).toBe('TW');
    expect(countryFromLanguage('ko')).toBeNull();
    expect(countryFromLanguage(undefined)).toBeNull();
  });
});

describe('remembered identity cookie', () => {
  const user = {
    id: '7',
    username: 'jane_doe',
    first_name: 'Jane',
    last_name: 'Doe',
    full_name: 'Jane Doe',
    email: 'jane.doe@example.com',
    image_small_url: '/media/a.jpg',
    image_medium_url: '/media/a.jpg',
    account_type: 'personal' as const,
    is_partner: false,
    country: 'US',
    locale: 'en-US',
    has_password: true,
    connected_to_google: false,
    connected_to_facebook: false,
    is_admin: false,
  };

  test('masks the email', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••e@example.com');
    expect(maskEmail('jo@example.com')).toBe('j•••@example.com');
    expect(maskEmail('nope')).toBe('•••');
  });

  test('holds no email in clear and nothing secret', () => {
    const identity = identityFromUser(user);
    expect(JSON.stringify(identity)).not.toContain('jane.doe@');
    expect(identity).toEqual({
      username: 'jane_doe',
      firstName: 'Jane',
      imageUrl: '/media/a.jpg',
      maskedEmail: 'j•••e@example.com',
      hasPassword: true,
      connectedToGoogle: false,
      connectedToFacebook: false,
    });
  });

  test('reads back what was written, and refuses junk and script URLs', () => {
    const cookie = (value: unknown) =>
      `${REMEMBERED_IDENTITY_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
    expect(readRememberedIdentity(cookie(identityFromUser(user)))).toEqual(identityFromUser(user));
    expect(readRememberedIdentity(cookie({ username: 'x' }))).toBeNull();
    expect(readRememberedIdentity(`${REMEMBERED_IDENTITY_COOKIE}=%7Bbroken`)).toBeNull();
    expect(
      readRememberedIdentity(cookie({ ...identityFromUser(user), imageUrl: 'javascript:alert(1)' }))
        ?.imageUrl,
    ).toBeNull();
  });
});

describe('birthday input', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  test('parses the date input value', () => {
    expect(calendarDateFromInput('1990-02-28')).toEqual({ year: 1990, month: 2, day: 28 });
    expect(calendarDateFromInput('1990-02-30')).toBeNull();
    expect(calendarDateFromInput('')).toBeNull();
  });

  test('applies the shared rules with exact reasons', () => {
    expect(checkBirthdayInput('', now)).toEqual({
      ok: false,
      failure: { reason: 'required', copyKey: 'required' },
    });
    expect(checkBirthdayInput('2026-03-01', now)).toMatchObject({
      ok: false,
      failure: { reason: 'invalid' },
    });
    expect(checkBirthdayInput('2010-01-01', now)).toMatchObject({
      ok: false,
      failure: { reason: 'under_age' },
    });
    expect(checkBirthdayInput('1900-01-01', now)).toMatchObject({
      ok: false,
      failure: { reason: 'over_age' },
    });
    expect(checkBirthdayInput('1990-05-04', now)).toEqual({
      ok: true,
      birthday: Date.UTC(1990, 4, 4) / 1000,
    });
  });

  test('the picker stops at the start of the year', () => {
    expect(latestBirthdayInput(now)).toBe('2026-01-01');
  });
});
