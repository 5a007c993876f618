// Logging in with a passkey (docs/decisions/166): the passwordless log-in (a discoverable
// credential with user verification — both factors at once) and the passkey as the second step of
// a pending two-factor log-in (the browser's HttpOnly challenge cookie names the person; the
// first factor is not sent again). Both end in completeLogin like every other way in.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  MFA_CHALLENGE_COOKIE,
  passkeySecondFactorOptions,
} from '../account-security/mfa.service.ts';
import {
  authenticationOptions,
  PASSKEY_PURPOSES,
  verifyAuthentication,
} from '../account-security/passkey-auth.service.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { completeLogin } from './complete-login.service.ts';
import { pendingFirstFactor } from './mfa-login.service.ts';

export function passwordlessOptions(deps: AppDeps) {
  return authenticationOptions(deps, PASSKEY_PURPOSES.login, null);
}

export async function loginWithPasskey(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: {
    response: AuthenticationResponseJSON;
    next?: string | undefined;
    isAccountSwitch: boolean;
  },
): Promise<AuthSuccess> {
  const { passkey } = await verifyAuthentication(
    deps,
    PASSKEY_PURPOSES.login,
    null,
    input.response,
  );
  return completeLogin(deps, request, effects, {
    userId: passkey.user_id,
    method: 'passkey',
    isAccountSwitch: input.isAccountSwitch,
    next: input.next,
    multiFactorCredential: true,
  });
}

export function secondFactorPasskeyOptions(deps: AppDeps, request: AuthRequest) {
  return passkeySecondFactorOptions(deps, request.cookies[MFA_CHALLENGE_COOKIE]);
}

export async function finishSecondFactorWithPasskey(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  input: { response: AuthenticationResponseJSON; next?: string | undefined },
): Promise<AuthSuccess> {
  const pending = await pendingFirstFactor(deps, request);
  return completeLogin(deps, request, effects, {
    userId: pending.userId,
    method: pending.method,
    isAccountSwitch: pending.isAccountSwitch,
    next: input.next,
    mfa: { passkey: input.response, pendingOnly: true },
  });
}
