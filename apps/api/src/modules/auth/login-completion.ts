// The one way every login ends, whatever proved the person (a password, a Google, LINE or SSO
// ID token, a Facebook token; docs/decisions/030): the failure counter is cleared, a previous
// session on this browser is replaced (unless this is an account switch), the session cookie and
// a new CSRF token go out, the login event is logged, and the answer carries the person.
// `openSession` is the session step for the credentials that are not a password.
import { APIError } from 'better-auth';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import { LOGIN_METHOD_CODES, type LoginMethodClass } from '@corkboard/shared/auth/social-api';
import type { AppDeps } from '../../core/app-deps.ts';
import { ACCOUNT_STATUS_ERRORS } from '../../plugins/auth/auth-engine.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { loadAuthUser } from './auth-rules.ts';
import { deleteSessionByToken, type AccountStatusRow } from './auth.repository.ts';
import { limitKeys } from './limits.ts';
import { clearCounter } from './rate-limits.repository.ts';

/** auth.md §3 numeric login method code of a method class ('other' has none). */
export function loginMethodCode(method: LoginMethodClass): number | null {
  return method === 'other' ? null : LOGIN_METHOD_CODES[method];
}

function engineErrorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A refusal of Better Auth's session hook (auth-engine.ts), as our error: only after the
 * credential proved the account, so a stranger never learns an account's status.
 */
export function accountStatusError(
  error: unknown,
  account: Pick<AccountStatusRow, 'suspension_reason'>,
): AppError | undefined {
  const code = engineErrorCode(error);
  if (code === ACCOUNT_STATUS_ERRORS.suspended) {
    return new AppError('AUTH_ACCOUNT_SUSPENDED', {
      data: { field: 'email', reason: account.suspension_reason },
    });
  }
  if (code === ACCOUNT_STATUS_ERRORS.softBanned) {
    return new AppError('AUTH_SOFT_BANNED', { data: { field: 'email' } });
  }
  if (code === ACCOUNT_STATUS_ERRORS.gone) {
    return new AppError('AUTH_LOGIN_UNKNOWN_ACCOUNT', { data: { field: 'email' } });
  }
  return undefined;
}

/**
 * Opens a session for an account proven without a password; answers its Set-Cookie lines. The
 * session hook applies the account-status rules on the way.
 */
export async function openSession(
  deps: AppDeps,
  request: AuthRequest,
  account: Pick<AccountStatusRow, 'id' | 'suspension_reason'>,
): Promise<string[]> {
  try {
    const result = await deps.authEngine.api.createSessionForUser({
      body: { userId: account.id },
      headers: request.engineHeaders,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    throw accountStatusError(error, account) ?? error;
  }
}

export interface CompletedLogin {
  userId: string;
  method: LoginMethodClass;
  /** The new session's Set-Cookie lines. */
  setCookies: readonly string[];
  isAccountSwitch: boolean;
  next: string | undefined;
  /** The account was deactivated and this login brought it back. */
  reactivated: boolean;
}

export async function completeLogin(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  login: CompletedLogin,
): Promise<AuthSuccess> {
  await clearCounter(deps.db, limitKeys.accountFailures(login.userId));
  // Logging in again while signed in (not an account switch) replaces the old session.
  if (request.sessionToken && !login.isAccountSwitch) {
    await deleteSessionByToken(deps.db, request.sessionToken);
  }
  effects.appendSetCookies(login.setCookies);
  effects.rotateCsrf();
  // auth.md §7: the login log event (event type 7534) with the login method code.
  deps.log.info(
    { event: 7534, user_id: login.userId, login_method: loginMethodCode(login.method) },
    'login',
  );
  const user = await loadAuthUser(deps, login.userId);
  if (!user) throw new Error(`user ${login.userId} vanished during login`);
  return {
    user,
    next: login.next === undefined ? null : safeNextPath(login.next),
    reactivated: login.reactivated,
  };
}
