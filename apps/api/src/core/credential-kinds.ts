// Credential kinds: the ways to log in or sign up other than e-mail and password (auth.md §3:
// google_open_id_token, line_id_token, facebook_id + facebook_token, sso_id_token,
// sso_user_email + sso_auth_code; docs/decisions/030). A kind only proves who someone is — it
// verifies the token with the provider and answers the account it belongs to, or the identity a
// new account gets. The auth module then finishes every login and signup the same way (account
// status, session, cookies, CSRF, the log events), whatever proved the identity.
//
// The kinds live in the social module; app.ts hands them to the auth module through AppDeps, so
// neither module imports the other. `D` is the deps type (AppDeps): a parameter, so this file and
// app-deps.ts do not import each other.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { LoginMethodClass } from '@corkboard/shared/auth/social-api';
import type { SocialSignupFields } from '@corkboard/shared/auth/social-schemas';

/** A credential that proved an existing account. */
/** How the person proved who they are (auth.md §3 login method classes, 'other' aside). */
export type CredentialMethod = Exclude<LoginMethodClass, 'other' | 'email'>;

export interface ResolvedLogin {
  userId: string;
  method: CredentialMethod;
  /**
   * A passive prompt (Google one tap) may log in but never undo a voluntary deactivation: the
   * person did not ask to come back (SOCIAL_VOLUNTARILY_DEACTIVATED).
   */
  passive: boolean;
  /**
   * Marks the credential used (its nonce and token), once every check has passed and just before
   * the session opens: a refused login does not burn a token the signup still needs.
   */
  consume(): Promise<void>;
}

/** The identity a new account is made for. */
export interface NewIdentity {
  method: CredentialMethod;
  /** The auth_accounts row: `google`, `facebook`, `line` or `sso:<slug>`, and the subject. */
  providerId: string;
  accountId: string;
  /** The provider's e-mail, if it gave one. */
  email: string | null;
  /** The provider vouches for the e-mail (Google `email_verified`, SSO domains, Facebook). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** A profile picture URL from the verified profile (never the silhouette), or null. */
  imageUrl: string | null;
  accountType: 'personal' | 'business';
  consume(): Promise<void>;
}

export interface CredentialCommon {
  readonly isAccountSwitch: boolean;
  readonly next: string | undefined;
  readonly recaptchaV3Token: string | undefined;
  /** auth.md §3 `mfa_token` and `mfa_resend`, for the loginMfa step. */
  readonly mfaToken: string | undefined;
  readonly mfaResend: boolean | undefined;
}

/** A parsed login body of one kind, with what proves it. */
export interface LoginCredential<D> extends CredentialCommon {
  readonly kind: string;
  resolve(deps: D, request: FastifyRequest): Promise<ResolvedLogin>;
}

export interface LoginCredentialKind<D> {
  readonly name: string;
  /** Whether a raw body carries this kind's credential fields (it picks the schema). */
  readonly claims: (body: unknown) => boolean;
  readonly schema: z.ZodType<LoginCredential<D>>;
}

/** A parsed social signup body, with what proves the identity. */
export interface SignupCredential<D> {
  readonly kind: string;
  readonly fields: SocialSignupFields;
  readonly next: string | undefined;
  resolve(deps: D, request: FastifyRequest): Promise<NewIdentity>;
}

export interface SignupCredentialKind<D> {
  readonly name: string;
  readonly claims: (body: unknown) => boolean;
  /** Built per clock, like the e-mail signup's (the birthday rules read "today"). */
  schema(now: () => Date): z.ZodType<SignupCredential<D>>;
}

/**
 * A provider identity proved for connecting it to the signed-in person (settings, ADR 188): the
 * same verification as that provider's log-in, answering the auth_accounts row it would become.
 */
export interface ConnectableIdentity {
  /** `google`, `facebook` or `line`. */
  providerId: string;
  accountId: string;
  /** Marks the credential used (ID tokens sign in or connect once); a no-op for Facebook's. */
  consume(): Promise<void>;
}

/** What the settings page sends to connect a provider (`connectSchema`). */
export interface ConnectCredential {
  /** The provider's token: a Google or LINE ID token, a Facebook user access token. */
  readonly credential: string;
  /** Facebook only: the user id the SDK answered with the token (checked against it). */
  readonly facebookId: string | undefined;
}

export interface ConnectCredentialKind<D> {
  /** The provider this kind connects (the settings route's `:provider`). */
  readonly provider: string;
  verify(deps: D, request: FastifyRequest, input: ConnectCredential): Promise<ConnectableIdentity>;
}

export interface CredentialKinds<D> {
  readonly login: readonly LoginCredentialKind<D>[];
  readonly signup: readonly SignupCredentialKind<D>[];
  /** Connecting a provider to the signed-in person from the settings page (ADR 188). */
  readonly connect: readonly ConnectCredentialKind<D>[];
}

/** True when `body` is an object with every one of `fields` present. */
export function hasFields(body: unknown, fields: readonly string[]): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return fields.every((field) => Object.hasOwn(body, field));
}

/** The kind of `body`, if one claims it. */
export function kindFor<K extends { claims(body: unknown): boolean }>(
  kinds: readonly K[],
  body: unknown,
): K | undefined {
  return kinds.find((kind) => kind.claims(body));
}
