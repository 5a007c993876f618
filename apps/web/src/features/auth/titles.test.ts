import { SIGNUP_SOURCES, type SignupSource } from '@corkboard/shared/auth/schemas';
import { describe, expect, test } from 'vitest';
import { createStrictI18n } from '../../test/i18n.ts';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import {
  emailFormShownAtOnce,
  loginTitle,
  signupTitle,
  signupVisual,
  type TitleCopy,
} from './titles.ts';

const i18n = createStrictI18n('en');
ensureAuthCatalogue(i18n);
const t = i18n.getFixedT('en', 'auth');
/** The title's English text; a key missing from the catalogue throws (createStrictI18n). */
const text = (copy: TitleCopy<string>) => {
  const rendered = t(copy.key as 'signup.title.default', copy.values ?? {});
  expect(rendered, copy.key).not.toBe(copy.key);
  return rendered;
};

describe('signup titles (auth.md §2)', () => {
  test.each<[SignupSource, string]>([
    ['boardInvite', 'Sign up to accept your board invite'],
    ['saveButton', 'Join Corkboard to save this idea'],
    ['saveButtonExp', 'Sign up to save this Pin!'],
    ['homePage', 'Welcome to Corkboard'],
    ['pinBookmarklet', 'Never lose track of your ideas again! Sign up for an account'],
    ['downloadImageBtnDweb', 'Sign Up to download'],
    ['downloadImageBtnUnauth', 'Sign Up to download'],
    ['followButton', 'Join Corkboard to follow'],
    ['defaultSource', 'Sign up to see more'],
  ])('source %s reads %j', (source, title) => {
    expect(text(signupTitle({ source, container: 'login_page' }))).toBe(title);
  });

  test('every signup source has a title', () => {
    for (const source of SIGNUP_SOURCES) {
      const copy = signupTitle({ source, container: 'save' });
      expect(i18n.exists(copy.key, { ns: 'auth' }), `${source}: ${copy.key}`).toBe(true);
      expect(text(copy).trim(), source).not.toBe('');
    }
  });

  test('the home_page container welcomes', () => {
    expect(text(signupTitle({ source: 'defaultSource', container: 'home_page' }))).toBe(
      'Welcome to Corkboard',
    );
  });

  test('a known email wins over everything', () => {
    expect(
      text(signupTitle({ source: 'followButton', container: 'follow', knownEmail: true })),
    ).toBe('Welcome back to Corkboard!');
  });

  const inviter = {
    first_name: 'Ana',
    full_name: 'Ana Ruiz',
    image_medium_url: '/media/a.jpg',
    is_default_image: false,
  };

  test('an inviter with a real picture', () => {
    expect(text(signupTitle({ source: 'boardInvite', container: 'home_page', inviter }))).toBe(
      'Join Ana on Corkboard for more ideas',
    );
  });

  test('an inviter with the default picture gets the source title', () => {
    expect(
      text(
        signupTitle({
          source: 'boardInvite',
          container: 'home_page',
          inviter: { ...inviter, is_default_image: true },
        }),
      ),
    ).toBe('Sign up to accept your board invite');
  });

  test('a respondMessage flow', () => {
    expect(
      text(
        signupTitle({
          source: 'defaultSource',
          container: 'home_page',
          inviter,
          respondMessage: true,
        }),
      ),
    ).toBe('Sign up and let Ana know what you think');
  });
});

describe('login titles (auth.md §2)', () => {
  test.each([
    ['boardInvite', 'login_page', 'Log in to accept your board invite'],
    ['homePage', 'login_page', 'Welcome to Corkboard'],
    ['saveButton', 'save', 'Sign in to save this Pin!'],
    ['commentComposer', 'login_page', 'Log in to comment'],
    ['defaultSource', 'login_page', 'Log in to see more'],
    ['followButton', 'follow', 'Log in to see more'],
  ] as const)('source %s in %s reads %j', (source, container, title) => {
    expect(text(loginTitle({ source, container }))).toBe(title);
  });

  test.each([
    ['save', 'Log in to save this Pin'],
    ['edit', 'Log in to edit this Pin'],
    ['follow', 'Log in to follow'],
    ['unfollow', 'Log in to unfollow'],
    ['create', 'Log in to create a Pin or board'],
  ] as const)('limited-login prompt for %s', (limitedAction, title) => {
    expect(text(loginTitle({ source: 'defaultSource', container: 'save', limitedAction }))).toBe(
      title,
    );
  });
});

describe('what the signup view shows', () => {
  test('the pin image for save and download on a pin page only', () => {
    expect(signupVisual('save', '/pin/12/')).toBe('pin');
    expect(signupVisual('download', '/pin/12/')).toBe('pin');
    expect(signupVisual('save', '/alice/')).toBeNull();
    expect(signupVisual('home_page', '/pin/12/')).toBeNull();
  });

  test('the followee for follow', () => {
    expect(signupVisual('follow', '/alice/')).toBe('followee');
  });

  test('the email form shows at once only for home_page', () => {
    expect(emailFormShownAtOnce('home_page')).toBe(true);
    expect(emailFormShownAtOnce('save')).toBe(false);
    expect(emailFormShownAtOnce('login_page')).toBe(false);
  });
});
