// Email sign-up, log-in, log-out and the email lookups (auth.md §3–§8). The rules run here, with
// the same zod schemas as the web forms; Better Auth (auth.api.*) then creates the account or
// the session. Order of checks follows the signup flow, so the first error the person sees is
// the one the form would have shown first.
import { APIError } from 'better-auth';
import { AppError } from '@corkboard/shared/app-error';
import {
  LOGIN_CAPTCHA_ACTIONS,
  SIGNUP_CAPTCHA_ACTIONS,
  UNDERAGE_COOKIE,
  UNDERAGE_COOKIE_VALUE,
  type AuthSuccess,
  type AuthUser,
} from '@corkboard/shared/auth/api';
import { birthdayToIsoDate } from '@corkboard/shared/auth/birthday';
import { validateEmail } from '@corkboard/shared/auth/email';
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { DEVICE_COOKIE, deviceHash, deviceIdFrom } from '../account-security/devices.service.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import {
  isPastResurrection,
  loadAuthUser,
  requireCaptcha,
  socialOnlyProvider,
} from './auth-rules.ts';
import type { LoginInput, RegisterInput } from './auth.schemas.ts';
import { deleteAccount, findAccountByEmail, GOOGLE_PROVIDER } from './auth.repository.ts';
import { completeLogin } from './complete-login.service.ts';
import {
  ACCOUNT_FAILURE_RULE,
  consume,
  IP_FAILURE_LIMIT,
  IP_FAILURE_RULE,
  limitKeys,
  LOGIN_ASSISTANCE_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  LOOKUP_RULE,
  secondsUntil,
  SIGNUP_RULE,
} from './limits.ts';
import { readPasswordLoginState } from './password-login.repository.ts';
import { recordHit, type CounterState } from './rate-limits.repository.ts';
import { pickUsername } from './username.ts';

/** auth.md §8: an email containing the product's name is refused (impersonation). */
export const PRODUCT_NAME_IN_EMAIL = 'corkboard';
/** Better Auth's answer codes we translate. */
const ENGINE_USER_EXISTS = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
const ENGINE_CREATE_FAILED = 'FAILED_TO_CREATE_USER';
/** Better Auth's session cookie name ends so (with or without the `__Secure-` prefix). */
const SESSION_COOKIE_SUFFIX = '.session_token';
/** Attempts at creating the account when a username is taken between the check and the insert. */
const SIGNUP_ATTEMPTS = 2;

/** `next` from a request body, when it is one of our own paths. */
function nextPath(next: string | undefined): string | null {
  return next === undefined ? null : safeNextPath(next);
}

function engineErrorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === 'string' ? code : undefined;
}

// ---------------------------------------------------------------------------------------------
// Lookups

/** POST /v3/register/exists/: true when the email has an account (the client then logs in). */
export async function emailExists(deps: AppDeps, email: string): Promise<boolean> {
  const account = await findAccountByEmail(deps.db, email);
  return account !== undefined && !isPastResurrection(account, deps.now());
}

/** The per-IP budget the two email lookups share (counted for every attempt, valid or not). */
export async function consumeLookup(deps: AppDeps, request: AuthRequest): Promise<void> {
  await consume(deps.db, limitKeys.lookup(request.ip), LOOKUP_RULE, deps.now());
}

/** POST /v3/email/validation/: `is_valid` by the shared email rules (never a 400 for the value). */
export function emailValidation(email: string | null): { is_valid: boolean } {
  return { is_valid: email !== null && validateEmail(email) === null };
}

// ---------------------------------------------------------------------------------------------
// Sign-up

/** `KR` from `ko-KR,ko;q=0.9`: the country when the form sends none. */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const match = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})$/.exec(first);
  return match?.[1]?.toUpperCase() ?? null;
}

/** POST /v3/register/ with `type: 'email'`: creates the account and logs it in. */
/**
 * What POST /v3/register/ checks before reading the body: the per-IP signup budget (every
 * attempt counts), and auth.md §4 "While the cookie is 1 … email Continue shows the ineligible
 * error."
 */
export async function beforeRegister(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
): Promise<void> {
  await consume(deps.db, limitKeys.signup(request.ip), SIGNUP_RULE, deps.now());
  if (request.cookies[UNDERAGE_COOKIE] === UNDERAGE_COOKIE_VALUE) {
    effects.setUnderageCookie();
    throw new AppError('AUTH_UNDERAGE', { data: { field: 'birthday', reason: 'underage_cookie' } });
  }
}

export async function register(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: RegisterInput,
): Promise<AuthSuccess> {
  const now = deps.now();
  const email = input.email.toLowerCase();
  if (email.includes(PRODUCT_NAME_IN_EMAIL)) {
    throw new AppError('AUTH_EMAIL_CONTAINS_PRODUCT_NAME', { data: { field: 'email' } });
  }
  const country = input.country ?? countryFromAcceptLanguage(request.acceptLanguage);
  // ADR 005: the Korea consent step applies when the experiment is on and the country is KR.
  const consentRequired =
    country === 'KR' && request.experiments.isEnabled('web_kr_privacy_consent_step');
  if (consentRequired && input.kr_privacy_consent_opt_in !== true) {
    throw new AppError('AUTH_CONSENT_REQUIRED', { data: { field: 'consent' } });
  }
  await requireCaptcha(deps, request, input.recaptchaV3Token, SIGNUP_CAPTCHA_ACTIONS);

  const existing = await findAccountByEmail(deps.db, email);
  if (existing) {
    if (!isPastResurrection(existing, now)) {
      throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
    }
    // Past the 28-day window the old account is gone; remove it now rather than at the next purge.
    await deleteAccount(deps.db, existing.id);
  }

  const firstName = input.first_name ?? '';
  const lastName = input.last_name ?? '';
  for (let attempt = 1; ; attempt++) {
    const username = await pickUsername(deps.db, { firstName, lastName, email }, input.password);
    try {
      const result = await deps.authEngine.api.signUpEmail({
        body: {
          name: firstName,
          email,
          password: input.password,
          username,
          lastName,
          birthday: birthdayToIsoDate(input.birthday),
          country: country ?? undefined,
          marketingNotifsOptOut: input.marketing_notifs_opt_out ?? false,
          krPrivacyConsentAt: input.kr_privacy_consent_opt_in === true ? now : undefined,
          rememberMe: true,
        },
        headers: request.engineHeaders,
        returnHeaders: true,
      });
      effects.appendSetCookies(result.headers.getSetCookie());
      effects.rotateCsrf();
      // auth.md §7: the attempt log event (event type 7537) with the signup context.
      deps.log.info(
        {
          event: 7537,
          user_id: result.response.user.id,
          container: input.container ?? null,
          page: input.page ?? null,
          signup_source: input.signupSource,
          birthday_source_site: input.birthday_source_site ?? null,
          email_source_site: input.email_source_site ?? null,
        },
        'signup',
      );
      const user = await loadAuthUser(deps, result.response.user.id);
      if (!user) throw new Error(`user ${result.response.user.id} vanished right after signup`);
      return { user, next: nextPath(input.next), reactivated: false };
    } catch (error) {
      const code = engineErrorCode(error);
      if (code === ENGINE_USER_EXISTS) {
        throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
      }
      // A concurrent signup took the email or the username between our check and the insert.
      if (code === ENGINE_CREATE_FAILED) {
        if (await findAccountByEmail(deps.db, email)) {
          throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
        }
        if (attempt < SIGNUP_ATTEMPTS) continue;
      }
      throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Log-in

/**
 * A wrong password: counts it against the client's counter for the account (its own when the
 * browser is trusted, the unknown clients' otherwise; docs/decisions/042) and the IP, and
 * answers the matching code.
 */
async function wrongPassword(
  deps: AppDeps,
  request: AuthRequest,
  failureKey: string,
  trusted: boolean,
  now: Date,
): Promise<never> {
  const state = await recordHit(deps.db, failureKey, ACCOUNT_FAILURE_RULE, now);
  await recordHit(deps.db, limitKeys.ipFailures(request.ip), IP_FAILURE_RULE, now);
  if (state.lockedUntil && state.lockedUntil > now)
    throw accountLocked(state.lockedUntil, trusted, now);
  if (state.count >= LOGIN_ASSISTANCE_AFTER_FAILURES) {
    throw new AppError('AUTH_LOGIN_ASSISTANCE', { data: { field: 'password' } });
  }
  throw new AppError('AUTH_LOGIN_INCORRECT_PASSWORD', { data: { field: 'password' } });
}

/**
 * auth.md's 30-minute lock. For unknown clients it also says `strange_activity`: the web then
 * shows the owner the way back in ('We noticed some strange activity…' with the reset link;
 * a reset ends the lock, and a browser they logged in from before is not locked at all).
 */
function accountLocked(lockedUntil: Date, trusted: boolean, now: Date): AppError {
  return new AppError('AUTH_LOGIN_RATE_LIMITED', {
    data: {
      field: 'email',
      retry_after_seconds: secondsUntil(lockedUntil, now),
      scope: trusted ? 'device' : 'unknown_clients',
      strange_activity: !trusted,
    },
  });
}

/**
 * auth.md §8's IP rule: after IP_FAILURE_LIMIT failed logins from one address within the window,
 * a login needs the step-up captcha (`recaptchaV2Token`) until the window ends. Answers whether
 * the step-up was passed (which then stands in for the standard check).
 */
async function passIpRule(
  deps: AppDeps,
  request: AuthRequest,
  state: CounterState | undefined,
  stepUpToken: string | undefined,
  now: Date,
): Promise<boolean> {
  const windowEnds = state ? state.windowStartedAt.getTime() + LOGIN_FAILURE_WINDOW_MS : 0;
  if (!state || windowEnds <= now.getTime() || state.count < IP_FAILURE_LIMIT) return false;
  const retryAfter = secondsUntil(new Date(windowEnds), now);
  // Without a captcha service there is no step-up: the address waits for the window to end.
  if (deps.captcha.verifier.provider === 'off') {
    throw new AppError('AUTH_LOGIN_TOO_FAST_IP', {
      data: { field: 'captcha', retry_after_seconds: retryAfter },
    });
  }
  const verdict = await deps.captcha.verifier.verify({
    token: stepUpToken,
    actions: LOGIN_CAPTCHA_ACTIONS,
    level: 'challenge',
    remoteIp: request.ip,
    userAgent: request.userAgent,
  });
  if (!verdict.ok) {
    throw new AppError('AUTH_LOGIN_TOO_FAST_IP', {
      data: { field: 'captcha', captcha_level: 'challenge', reason: verdict.reason },
    });
  }
  return true;
}

/**
 * POST /v3/login/ with email or username and password: the IP rule, captcha, the account, its
 * lock and the password here; then completeLogin (complete-login.service.ts).
 */
export async function login(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: LoginInput,
): Promise<AuthSuccess> {
  const now = deps.now();
  // One read for every check before the hash (ADR 194); the checks run in the order they did.
  const deviceId = deviceIdFrom(request.cookies[DEVICE_COOKIE]);
  const state = await readPasswordLoginState(deps.db, {
    identifier: input.username_or_email,
    ip: request.ip,
    deviceHash: deviceId === undefined ? null : deviceHash(deviceId),
  });

  const steppedUp = await passIpRule(deps, request, state.ipFailures, input.recaptchaV2Token, now);
  if (!steppedUp)
    await requireCaptcha(deps, request, input.recaptchaV3Token, LOGIN_CAPTCHA_ACTIONS);

  const account = state.account;
  if (!account || isPastResurrection(account, now)) {
    await recordHit(deps.db, limitKeys.ipFailures(request.ip), IP_FAILURE_RULE, now);
    throw new AppError('AUTH_LOGIN_UNKNOWN_ACCOUNT', { data: { field: 'email' } });
  }
  // docs/decisions/042: a browser that logged in to this account before is counted (and locked)
  // on its own; every other client shares the unknown clients' counter.
  const failureKey =
    account.trustedDevice && deviceId !== undefined
      ? limitKeys.deviceFailures(deviceHash(deviceId), account.id)
      : limitKeys.accountFailures(account.id);
  // Locked clients are refused before the password is even tried: no guessing during a lock.
  const failures = account.clientFailures;
  if (failures?.lockedUntil && failures.lockedUntil > now) {
    throw accountLocked(failures.lockedUntil, account.trustedDevice, now);
  }
  // The password was cleared when the account was protected, so no password can match: say why.
  if (account.soft_banned_at) {
    throw new AppError('AUTH_SOFT_BANNED', { data: { field: 'email' } });
  }
  // auth.md §8: an account without a password says which button logs it in.
  const socialOnly = socialOnlyProvider(account.providers);
  if (socialOnly) {
    const code =
      socialOnly === GOOGLE_PROVIDER
        ? 'SOCIAL_GOOGLE_ONLY_ACCOUNT'
        : 'SOCIAL_FACEBOOK_ONLY_ACCOUNT';
    throw new AppError(code, { data: { field: socialOnly } });
  }
  // The password is checked here; the session (and every later step) is "complete the login".
  const hash = account.email ? account.passwordHash : null;
  const engine = await deps.authEngine.$context;
  const passwordOk =
    hash !== null && (await engine.password.verify({ hash, password: input.password }));
  if (!passwordOk) return wrongPassword(deps, request, failureKey, account.trustedDevice, now);

  return completeLogin(deps, request, effects, {
    userId: account.id,
    account,
    method: 'email',
    isAccountSwitch: input.isAccountSwitch ?? false,
    next: input.next,
    mfa: { mfaToken: input.mfa_token, mfaResend: input.mfa_resend },
    // Cleared with the account's counter, in the same statement (ADR 194).
    clearCounters: account.trustedDevice ? [failureKey] : [],
    hasSecondFactor: account.hasSecondFactor,
  });
}

// ---------------------------------------------------------------------------------------------
// Log-out and the viewer

/** POST /v3/logout/: revokes this session (signed out already is fine). */
export async function logout(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
): Promise<void> {
  // By cookie, not by viewer: a session cookie is revoked and cleared whoever resolved the viewer.
  if (Object.keys(request.cookies).some((name) => name.endsWith(SESSION_COOKIE_SUFFIX))) {
    const result = await deps.authEngine.api.signOut({
      headers: request.engineHeaders,
      returnHeaders: true,
    });
    effects.appendSetCookies(result.headers.getSetCookie());
  }
  effects.rotateCsrf();
}

/** GET /v3/users/me/ */
export async function me(deps: AppDeps, viewer: Viewer | null): Promise<AuthUser> {
  if (!viewer) throw new AppError('UNAUTHORIZED');
  const user = await loadAuthUser(deps, viewer.id);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}
