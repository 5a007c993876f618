// The loginMfa step on its own (docs/decisions/189): the code typed, or 'resend the code', for the
// pending two-factor log-in this browser holds (its HttpOnly challenge cookie). The first factor
// — a password, a Google / LINE ID token, a Facebook token, an SSO code — was checked once, when
// the pending log-in was opened, and the pending log-in remembers who it was for and which first
// factor passed; so the step never needs the password again, and a one-time credential (an SSO
// authorization code, an ID token's nonce) is never presented twice. Ends in completeLogin like
// every way in, with the first factor's method for the log event.
import { AppError } from '@corkboard/shared/app-error';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { AppDeps } from '../../core/app-deps.ts';
import { MFA_CHALLENGE_COOKIE, pendingLogin } from '../account-security/mfa.service.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { completeLogin, type LoginMethod } from './complete-login.service.ts';

/** The first factors a pending log-in can have been opened by (a passkey log-in never opens one). */
const FIRST_FACTORS: readonly LoginMethod[] = [
  'email',
  'facebook',
  'google',
  'google_one_tap',
  'line',
  'sso',
];

export interface PendingFirstFactor {
  userId: string;
  method: LoginMethod;
  isAccountSwitch: boolean;
}

/**
 * This browser's pending two-factor log-in, with the first factor that opened it; throws
 * AUTH_MFA_CHALLENGE_EXPIRED when there is none (no cookie, unknown, expired or finished).
 */
export async function pendingFirstFactor(
  deps: AppDeps,
  request: AuthRequest,
): Promise<PendingFirstFactor> {
  const pending = await pendingLogin(deps, request.cookies[MFA_CHALLENGE_COOKIE]);
  const method = FIRST_FACTORS.find((known) => known === pending?.context.method);
  if (!pending || !method) {
    throw new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } });
  }
  return { userId: pending.userId, method, isAccountSwitch: pending.context.isAccountSwitch };
}

/** POST /v3/login/mfa/: the code (auth.md §3 `mfa_token`) or `mfa_resend` for the pending log-in. */
export async function finishPendingLogin(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: {
    mfaToken?: string | undefined;
    mfaResend?: boolean | undefined;
    next?: string | undefined;
  },
): Promise<AuthSuccess> {
  const pending = await pendingFirstFactor(deps, request);
  return completeLogin(deps, request, effects, {
    userId: pending.userId,
    method: pending.method,
    isAccountSwitch: pending.isAccountSwitch,
    next: input.next,
    mfa: { mfaToken: input.mfaToken, mfaResend: input.mfaResend, pendingOnly: true },
  });
}
