// How an auth surface was opened, shared by the first-visit shell (which only opens the modal)
// and the lazily loaded views. Types only: importing this costs the shell nothing.
import type { AuthContainer, SignupSource } from '@corkboard/shared/auth/schemas';
import type { AuthField, AuthMessage } from './authErrors.ts';
import type { Inviter, LimitedLoginAction, LoginSource } from './titles.ts';

/** The saved pin's 236x image, shown for the save and download containers (auth.md §2). */
export interface AuthPinImage {
  url: string;
  dominantColor: string;
}

/** The person a follow would follow, shown for the follow container (auth.md §2). */
export interface AuthFollowee {
  name: string;
  imageUrl: string | null;
}

export interface AuthFlowConfig {
  /** signup or login; a limited-login visitor asked to sign up for an action gets login. */
  initialView: 'signup' | 'login';
  container: AuthContainer;
  signupSource: SignupSource;
  loginSource: LoginSource;
  limitedAction?: LimitedLoginAction | undefined;
  pin?: AuthPinImage | undefined;
  followee?: AuthFollowee | undefined;
  inviter?: Inviter | undefined;
  respondMessage?: boolean | undefined;
  isAccountSwitch?: boolean | undefined;
  /** auth.md §2: a business viewer's login footer is 'Create new account'. */
  businessViewer?: boolean | undefined;
  /** Where success goes (already checked with safeNextPath). */
  next: string;
  initialEmail?: string | undefined;
}

/** What the modal is asked to show: the flow, minus `next` (the modal returns to the page). */
export type AuthModalRequest = Omit<AuthFlowConfig, 'next'> & { next?: string | undefined };

export type FlowView =
  | 'signup'
  | 'login'
  | 'birthday'
  | 'consents'
  | 'EmailAlreadyExist'
  | 'UnderageConfirmation'
  | 'loginMfa'
  | 'EmailCollection'
  | 'welcome';

export type FieldErrors = Partial<Record<AuthField, AuthMessage>>;

/** The social providers the web offers so far (auth.md §2 social buttons). */
export type SocialProviderName = 'google' | 'facebook' | 'line';

/**
 * A verified social identity without an account yet (auth.md §4 "Social signup"): the birthday
 * step (socialSignupWithAge) registers it with this token.
 */
export type PendingSocialSignup =
  | { type: 'google' | 'google_one_tap' | 'line'; token: string }
  | {
      type: 'facebook';
      token: string;
      facebookId: string;
      gender: string | null;
      /** Facebook's whole-date birthday (epoch seconds), or null: the birthday step asks. */
      birthday: number | null;
      /** Facebook gave no e-mail: the EmailCollection step's address is sent. */
      needsEmail: boolean;
    };
