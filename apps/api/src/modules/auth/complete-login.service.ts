// "Complete the login" (issue 9, docs/decisions/040): the one step every way in goes through once
// a credential has been checked and resolved to a person — the password today; Google,
// Facebook, LINE and SSO (the social engineer's credentials) call it the same way. It
//   1. refuses suspended, soft-banned and gone (deactivated > 28 days) accounts with the
//      registry codes the web maps to its dialogs;
//   2. clears the account's wrong-password counter (the credential was right);
//   2b. asks for the second factor when the person has one (account-security/mfa.service.ts):
//      the first call answers AUTH_MFA_REQUIRED (data.phone_number_end, data.factors) and sets
//      the pending log-in's HttpOnly cookie; the same credentials sent again with `mfa_token`
//      (or `mfa_resend: true` for a new SMS code) pass or fail the step;
//   3. creates the session through Better Auth (the server-only corkboard-login endpoint, so
//      the engine's session hook — status checks, reactivation within 28 days — runs exactly as
//      for its own sign-in endpoints) and sets its cookie and a new CSRF token;
//   4. replaces the browser's previous session unless this is an account switch, and trusts
//      the browser for the account (the device cookie, docs/decisions/042);
//   5. logs the login event (auth.md §7, event type 7534, with the numeric method code) and
//      answers AuthSuccess.
// Callers check the credential first (never call this for a person who has not proved
// anything) and map their own credential errors.
import { APIError } from 'better-auth';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import type { AppDeps } from '../../core/app-deps.ts';
import { ACCOUNT_STATUS_ERRORS } from '../../plugins/auth/auth-engine.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_TRUST_MS,
  deviceIdFrom,
  newDeviceId,
} from '../account-security/devices.service.ts';
import {
  MFA_CHALLENGE_COOKIE,
  MFA_CHALLENGE_COOKIE_PATH,
  MFA_CHALLENGE_TTL_MS,
  secondFactorForLogin,
  type MfaLoginOutcome,
  type MfaLoginRequest,
} from '../account-security/mfa.service.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { isPastResurrection, trustDeviceAndLoadAuthUser } from './auth-rules.ts';
import { deleteSessionByToken, findAccountById, type AccountStatusRow } from './auth.repository.ts';
import { limitKeys } from './limits.ts';
import { clearCounters } from './rate-limits.repository.ts';
import { assertCanAddAccount } from './account-switching.service.ts';
import { LOGIN_METHOD_CODES } from './login-method-codes.ts';

/** How the person proved who they are (auth.md §3 login method classes; passkey: ADR 166). */
export type LoginMethod =
  'email' | 'facebook' | 'google' | 'google_one_tap' | 'line' | 'sso' | 'passkey';

export interface CompleteLoginInput {
  /** The person the checked credential belongs to (`users.id`). */
  userId: string;
  method: LoginMethod;
  /** auth.md "isAccountSwitch": keep the browser's current session alongside the new one. */
  isAccountSwitch: boolean;
  /** The requested next URL; answered only when it is one of our own paths (safeNextPath). */
  next?: string | undefined;
  /** auth.md §3 login credentials `mfa_token` (the code typed) and `mfa_resend`, as sent. */
  mfa?: MfaLoginRequest | undefined;
  /**
   * The account row the caller read for this same request (by `userId`), so it is not read
   * twice (ADR 187: log-in does no work besides the hash that it can avoid). A status changed
   * since is still caught: the engine's session hook reads the account again.
   */
  account?: AccountStatusRow | undefined;
  /**
   * More failure counters the credential's success clears (a trusted browser's own, ADR 042),
   * in the same statement as the account's (ADR 194).
   */
  clearCounters?: readonly string[] | undefined;
  /**
   * Whether the person has a second factor, when the caller read it for this same request
   * (ADR 194); undefined: looked up here. False skips the second-factor step's lookups (it has
   * nothing to ask for).
   */
  hasSecondFactor?: boolean | undefined;
  /**
   * The credential was itself two factors: a passkey with user verification (passwordless log-in,
   * docs/decisions/166). No second step is asked for.
   */
  multiFactorCredential?: boolean | undefined;
}

/** auth.md §3 has no code for a passkey: a user-verified passkey is logged as multifactor (6). */
function loginMethodCode(method: LoginMethod): number {
  return method === 'passkey' ? LOGIN_METHOD_CODES.multifactor : LOGIN_METHOD_CODES[method];
}

function engineErrorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The registry error for an account that may not log in now, or null. */
function accountStatusError(
  account: Pick<AccountStatusRow, 'suspended_at' | 'suspension_reason' | 'soft_banned_at'>,
): AppError | null {
  if (account.suspended_at) {
    return new AppError('AUTH_ACCOUNT_SUSPENDED', {
      data: { field: 'email', reason: account.suspension_reason },
    });
  }
  if (account.soft_banned_at) return new AppError('AUTH_SOFT_BANNED', { data: { field: 'email' } });
  return null;
}

/**
 * Finishes a login whose credential has been checked: see the file comment for the steps.
 * Throws AppError (AUTH_LOGIN_UNKNOWN_ACCOUNT, AUTH_ACCOUNT_SUSPENDED, AUTH_SOFT_BANNED);
 * on success the reply carries the session cookie and the answer is `/v3/login/`'s `data`.
 */
export async function completeLogin(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: CompleteLoginInput,
): Promise<AuthSuccess> {
  const now = deps.now();
  const account =
    input.account?.id === input.userId
      ? input.account
      : await findAccountById(deps.db, input.userId);
  if (!account || isPastResurrection(account, now)) {
    throw new AppError('AUTH_LOGIN_UNKNOWN_ACCOUNT', { data: { field: 'email' } });
  }
  const refused = accountStatusError(account);
  if (refused) throw refused;
  // ADR 161: a browser holds at most MAX_SWITCH_ACCOUNTS accounts; checked before anything changes.
  if (input.isAccountSwitch && request.sessionToken) {
    await assertCanAddAccount(deps, request, account.id);
  }
  await clearCounters(deps.db, [
    limitKeys.accountFailures(account.id),
    ...(input.clearCounters ?? []),
  ]);

  const secondFactor: MfaLoginOutcome =
    input.multiFactorCredential || input.hasSecondFactor === false
      ? { outcome: 'not_needed' }
      : await secondFactorForLogin(
          deps,
          account.id,
          request.cookies[MFA_CHALLENGE_COOKIE],
          input.mfa ?? {},
          { method: input.method, isAccountSwitch: input.isAccountSwitch },
        );
  switch (secondFactor.outcome) {
    case 'required':
      effects.setCookie(MFA_CHALLENGE_COOKIE, secondFactor.challengeId, {
        path: MFA_CHALLENGE_COOKIE_PATH,
        maxAgeSeconds: MFA_CHALLENGE_TTL_MS / 1000,
      });
      throw secondFactor.error;
    case 'failed':
      if (secondFactor.clearCookie) {
        effects.clearCookie(MFA_CHALLENGE_COOKIE, MFA_CHALLENGE_COOKIE_PATH);
      }
      throw secondFactor.error;
    case 'passed':
      effects.clearCookie(MFA_CHALLENGE_COOKIE, MFA_CHALLENGE_COOKIE_PATH);
      break;
    case 'not_needed':
      break;
  }

  let result;
  try {
    result = await deps.authEngine.api.createSessionForUser({
      body: { userId: account.id },
      headers: request.engineHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    // The session hook (auth-engine.ts) has the last word, e.g. a status set a moment ago.
    const code = engineErrorCode(error);
    if (code === ACCOUNT_STATUS_ERRORS.suspended || code === ACCOUNT_STATUS_ERRORS.softBanned) {
      const latest = await findAccountById(deps.db, account.id);
      throw (
        accountStatusError(latest ?? account) ??
        new AppError('AUTH_SOFT_BANNED', { data: { field: 'email' } })
      );
    }
    if (code === ACCOUNT_STATUS_ERRORS.gone) {
      throw new AppError('AUTH_LOGIN_UNKNOWN_ACCOUNT', { data: { field: 'email' } });
    }
    throw error;
  }

  // Logging in again while signed in (not an account switch) replaces the old session.
  if (request.sessionToken && !input.isAccountSwitch) {
    await deleteSessionByToken(deps.db, request.sessionToken);
  }
  // This browser proved itself: from now on the lockout counts it on its own (ADR 042). The
  // same statement reads the person for the answer (ADR 199).
  const deviceId = deviceIdFrom(request.cookies[DEVICE_COOKIE]) ?? newDeviceId();
  const user = await trustDeviceAndLoadAuthUser(deps, account.id, deviceId);
  effects.setCookie(DEVICE_COOKIE, deviceId, {
    path: DEVICE_COOKIE_PATH,
    maxAgeSeconds: DEVICE_TRUST_MS / 1000,
  });
  effects.appendSetCookies(result.headers.getSetCookie());
  effects.rotateCsrf();
  deps.log.info(
    {
      event: 7534,
      user_id: account.id,
      login_method: input.isAccountSwitch
        ? LOGIN_METHOD_CODES.switch_account
        : secondFactor.outcome === 'passed'
          ? LOGIN_METHOD_CODES.multifactor
          : loginMethodCode(input.method),
      first_factor: input.method,
      second_factor: secondFactor.outcome === 'passed' ? secondFactor.method : null,
    },
    'login',
  );
  if (!user) throw new Error(`user ${account.id} vanished during login`);
  return {
    user,
    next: input.next === undefined ? null : safeNextPath(input.next),
    reactivated: account.deactivated_at !== null,
  };
}
