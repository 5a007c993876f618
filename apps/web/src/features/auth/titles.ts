// Which title (and subtitle) the signup and login views show (auth.md §2). Pure: the views pass
// in how the modal was opened and what is known about the visitor; the answer is a key of the
// auth catalogue plus its values, so tests check the exact copy through the real catalogue.
import type { AuthContainer, SignupSource } from '@corkboard/shared/auth/schemas';

/**
 * What opened the login view. The signup sources, plus the comment composer (auth.md §2
 * "'Log in to comment' (comment composer source)").
 */
export type LoginSource = SignupSource | 'commentComposer';

/** auth.md §2 limited-login prompts: the action a remembered visitor tried. */
export const LIMITED_LOGIN_ACTIONS = ['save', 'edit', 'follow', 'unfollow', 'create'] as const;
export type LimitedLoginAction = (typeof LIMITED_LOGIN_ACTIONS)[number];

/** auth.md §3 Inviter. */
export interface Inviter {
  first_name: string;
  full_name: string;
  image_medium_url: string | null;
  is_default_image: boolean;
}

export type SignupTitleKey =
  | 'signup.title.boardInvite'
  | 'signup.title.default'
  | 'signup.title.saveIdea'
  | 'signup.title.welcome'
  | 'signup.title.savePin'
  | 'signup.title.bookmarklet'
  | 'signup.title.download'
  | 'signup.title.follow'
  | 'signup.title.inviter'
  | 'signup.title.respondMessage'
  | 'signup.title.knownEmail';

export type LoginTitleKey =
  | 'login.title.boardInvite'
  | 'login.title.welcome'
  | 'login.title.savePin'
  | 'login.title.comment'
  | 'login.title.default'
  | 'login.limited.save'
  | 'login.limited.edit'
  | 'login.limited.follow'
  | 'login.limited.unfollow'
  | 'login.limited.create';

export interface TitleCopy<K extends string> {
  key: K;
  values?: { name: string };
}

export interface SignupTitleInput {
  source: SignupSource;
  container: AuthContainer;
  /** The email typed belongs to an account (the exists-check said so). */
  knownEmail?: boolean;
  inviter?: Inviter | undefined;
  /** The signup was opened from a message someone sent (respondMessage view). */
  respondMessage?: boolean;
}

const SIGNUP_TITLE_BY_SOURCE: Record<SignupSource, SignupTitleKey> = {
  boardInvite: 'signup.title.boardInvite',
  saveButton: 'signup.title.saveIdea',
  saveButtonExp: 'signup.title.savePin',
  homePage: 'signup.title.welcome',
  pinBookmarklet: 'signup.title.bookmarklet',
  downloadImageBtnDweb: 'signup.title.download',
  downloadImageBtnUnauth: 'signup.title.download',
  followButton: 'signup.title.follow',
  defaultSource: 'signup.title.default',
};

/**
 * Precedence: a known email ('Welcome back…') wins, because the form has switched to logging
 * in; then the personal titles (respondMessage, an inviter with a real picture); then the
 * source; the home_page container reads 'Welcome to Corkboard' whatever the source.
 */
export function signupTitle(input: SignupTitleInput): TitleCopy<SignupTitleKey> {
  if (input.knownEmail) return { key: 'signup.title.knownEmail' };
  const inviterName = input.inviter ? input.inviter.first_name || input.inviter.full_name : '';
  if (input.respondMessage && inviterName) {
    return { key: 'signup.title.respondMessage', values: { name: inviterName } };
  }
  if (input.inviter && !input.inviter.is_default_image && inviterName) {
    return { key: 'signup.title.inviter', values: { name: inviterName } };
  }
  if (input.source === 'defaultSource' && input.container === 'home_page') {
    return { key: 'signup.title.welcome' };
  }
  return { key: SIGNUP_TITLE_BY_SOURCE[input.source] };
}

/** Only the welcome title has a subtitle (ours: the spec gives none for the others). */
export function signupSubtitle(title: SignupTitleKey): 'signup.subtitle.welcome' | null {
  return title === 'signup.title.welcome' ? 'signup.subtitle.welcome' : null;
}

export interface LoginTitleInput {
  source: LoginSource;
  container: AuthContainer;
  /** Set for a limited-login visitor who tried one of the gated actions. */
  limitedAction?: LimitedLoginAction | undefined;
}

const LIMITED_TITLE: Record<LimitedLoginAction, LoginTitleKey> = {
  save: 'login.limited.save',
  edit: 'login.limited.edit',
  follow: 'login.limited.follow',
  unfollow: 'login.limited.unfollow',
  create: 'login.limited.create',
};

export function loginTitle(input: LoginTitleInput): TitleCopy<LoginTitleKey> {
  if (input.limitedAction) return { key: LIMITED_TITLE[input.limitedAction] };
  switch (input.source) {
    case 'boardInvite':
      return { key: 'login.title.boardInvite' };
    case 'homePage':
      return { key: 'login.title.welcome' };
    case 'saveButton':
    case 'saveButtonExp':
      return { key: 'login.title.savePin' };
    case 'commentComposer':
      return { key: 'login.title.comment' };
    default:
      if (input.container === 'home_page') return { key: 'login.title.welcome' };
      if (input.container === 'save') return { key: 'login.title.savePin' };
      return { key: 'login.title.default' };
  }
}

/**
 * auth.md §2: the pin image shows for the save and download containers on a /pin/:id page; the
 * followed person's avatar for the follow container.
 */
export function signupVisual(
  container: AuthContainer,
  pathname: string,
): 'pin' | 'followee' | null {
  if ((container === 'save' || container === 'download') && /^\/pin\/[^/]+\/?$/.test(pathname)) {
    return 'pin';
  }
  return container === 'follow' ? 'followee' : null;
}

/** auth.md §2: the email form is behind an email button, except in the home_page container. */
export function emailFormShownAtOnce(container: AuthContainer): boolean {
  return container === 'home_page';
}
