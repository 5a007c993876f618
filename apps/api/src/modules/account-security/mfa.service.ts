// Two-factor sign-in (auth.md §2 loginMfa, §3 mfa_token / mfa_resend, §8 "MFA-required code
// opens the code step (with phone_number_end)"; docs/decisions/041). A log-in whose first
// factor passed, for a person with a verified second factor, opens a challenge: a random id in
// an HttpOnly cookie (only its SHA-256 stored), 10 minutes, 5 wrong codes at most. An SMS code
// is sent with it when the person has a phone factor; `mfa_resend` sends a new one (one a
// minute, 5 per challenge, 10 per person an hour). The code typed (`mfa_token`) may be the SMS
// code, the authenticator app's current code (each time step once) or an unused backup code.
// Wrong codes are also counted per person: MFA_MAX_WRONG_CODES_PER_HOUR over all pending
// log-ins (so a password thief cannot open challenge after challenge to guess on).
// Time is AppDeps.now throughout.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '@corkboard/shared/app-error';
import { DEFAULT_MFA_RESEND_INTERVAL_SECONDS } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import {
  claimTotpStep,
  consumeChallenge,
  expireChallenge,
  codesSentSince,
  countUnusedBackupCodes,
  findChallenge,
  hasVerifiedSecondFactor,
  insertChallenge,
  listFactors,
  purgeExpiredChallenges,
  wrongCodesWithinHour,
  recordCodeSent,
  recordWrongCode,
  useBackupCode,
  type ChallengeRow,
  type FactorRow,
} from './account-security.repository.ts';
import { newChallengeId, newSmsCode, normalizeCode, phoneNumberEnd, sha256 } from './codes.ts';
import {
  authenticationOptions,
  PASSKEY_PURPOSES,
  verifyAuthentication,
} from './passkey-auth.service.ts';
import { hasPasskey } from './passkeys.repository.ts';
import { createSmsSender, SmsSendError } from './sms-provider.ts';
import { verifyTotp } from './totp.ts';

/** The pending log-in's cookie (HttpOnly; only the /v3/ API reads it). */
export const MFA_CHALLENGE_COOKIE = 'corkboard.mfa_challenge';
export const MFA_CHALLENGE_COOKIE_PATH = '/v3/';
/** How long a pending two-factor log-in (and its SMS code) stays usable. */
export const MFA_CHALLENGE_TTL_MS = 10 * 60_000;
/** Wrong codes before the pending log-in is dropped (then the password is needed again). */
export const MFA_MAX_ATTEMPTS = 5;
/**
 * Codes sent per pending log-in, and the default wait between two (the server's is
 * `config.mfaResendIntervalSeconds`, MFA_RESEND_INTERVAL_SECONDS).
 */
export const MFA_MAX_SENDS = 5;
export const MFA_RESEND_INTERVAL_MS = DEFAULT_MFA_RESEND_INTERVAL_SECONDS * 1000;

function resendIntervalMs(deps: Pick<AppDeps, 'config'>): number {
  return deps.config.mfaResendIntervalSeconds * 1000;
}
/** SMS codes one person can be sent in an hour, over every log-in and phone check. */
export const SMS_PER_PERSON_PER_HOUR = 10;
/** Wrong codes one person's log-ins may see in an hour before the step refuses every code. */
export const MFA_MAX_WRONG_CODES_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;
export const LOGIN_CHALLENGE_PURPOSE = 'login';

export type SecondFactorKind = 'sms' | 'totp' | 'passkey' | 'backup_code';

/** auth.md §7 copy of the text message. */
export function smsCodeBody(code: string): string {
  return `Your Corkboard verification code is ${code}. It expires in 10 minutes. Don't share it with anyone.`;
}

/**
 * For features that require two-factor (the business console): true when the signed-in viewer
 * has a verified second factor (authenticator app or SMS); false for visitors.
 */
export async function viewerMeetsMfaRequirement(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer | null,
): Promise<boolean> {
  if (!viewer) return false;
  return userMeetsMfaRequirement(deps, viewer.id);
}

/** The same rule for a person named by id (business acting checks members by id). */
export async function userMeetsMfaRequirement(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<boolean> {
  return hasVerifiedSecondFactor(deps.db, userId);
}

/** TOTP secrets are stored encrypted with the engine's secret (AUTH_SECRET). */
export async function encryptTotpSecret(
  deps: Pick<AppDeps, 'authEngine'>,
  secret: string,
): Promise<string> {
  const { secret: key } = await deps.authEngine.$context;
  return symmetricEncrypt({ key, data: secret });
}

export async function decryptTotpSecret(
  deps: Pick<AppDeps, 'authEngine'>,
  encrypted: string,
): Promise<string> {
  const { secret: key } = await deps.authEngine.$context;
  return symmetricDecrypt({ key, data: encrypted });
}

/** The second factors a person can use now, in the order the step offers them. */
export async function availableFactors(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<{
  factors: SecondFactorKind[];
  sms: FactorRow | undefined;
  totp: FactorRow | undefined;
}> {
  const rows = (await listFactors(deps.db, userId)).filter((row) => row.verified_at !== null);
  const sms = rows.find((row) => row.kind === 'sms');
  const totp = rows.find((row) => row.kind === 'totp');
  const backupCodes = await countUnusedBackupCodes(deps.db, userId);
  const factors: SecondFactorKind[] = [];
  if (sms) factors.push('sms');
  if (totp) factors.push('totp');
  if (await hasPasskey(deps.db, userId)) factors.push('passkey');
  if (backupCodes > 0 && factors.length > 0) factors.push('backup_code');
  return { factors, sms, totp };
}

async function smsSentToPersonWithinHour(deps: AppDeps, userId: string): Promise<number> {
  return codesSentSince(deps.db, userId, new Date(deps.now().getTime() - HOUR_MS));
}

export type SendOutcome = 'sent' | 'limited' | 'unavailable' | 'failed';

/**
 * Sends a new code for `challenge` to `phoneNumber` (and stores its hash), unless a limit says
 * no. Provider failures are logged and answered, never thrown: the person may still use
 * another factor.
 */
export async function sendChallengeCode(
  deps: AppDeps,
  challenge: Pick<ChallengeRow, 'id_hash' | 'user_id' | 'sends' | 'code_sent_at'>,
  phoneNumber: string,
): Promise<SendOutcome> {
  const now = deps.now();
  if (challenge.sends >= MFA_MAX_SENDS) return 'limited';
  if (
    challenge.code_sent_at &&
    now.getTime() - challenge.code_sent_at.getTime() < resendIntervalMs(deps)
  ) {
    return 'limited';
  }
  if (
    challenge.user_id &&
    (await smsSentToPersonWithinHour(deps, challenge.user_id)) >= SMS_PER_PERSON_PER_HOUR
  ) {
    return 'limited';
  }
  const provider = deps.config.providers.sms;
  if (!provider) return 'unavailable';
  const code = newSmsCode();
  try {
    await createSmsSender(provider).send(phoneNumber, smsCodeBody(code));
  } catch (error) {
    deps.log.error(
      {
        err: error instanceof SmsSendError ? { kind: error.kind, code: error.providerCode } : error,
        user_id: challenge.user_id,
      },
      'verification SMS could not be sent',
    );
    return 'failed';
  }
  await recordCodeSent(deps.db, challenge.id_hash, sha256(code), now);
  return 'sent';
}

/** Whether `code` is the challenge's live SMS code. */
function matchesSmsCode(challenge: ChallengeRow, code: string, now: Date): boolean {
  if (!challenge.code_hash || !challenge.code_sent_at) return false;
  if (now.getTime() - challenge.code_sent_at.getTime() > MFA_CHALLENGE_TTL_MS) return false;
  return challenge.code_hash === sha256(code);
}

/**
 * Checks a typed code against the person's factors (authenticator app, backup code) and, when
 * given, the SMS code of `challenge`. Spends what it used (TOTP step, backup code).
 */
export async function verifySecondFactorCode(
  deps: AppDeps,
  userId: string,
  typed: string,
  challenge: ChallengeRow | undefined,
): Promise<SecondFactorKind | null> {
  const now = deps.now();
  const code = normalizeCode(typed);
  if (code.length === 0) return null;
  if (challenge && matchesSmsCode(challenge, code, now)) return 'sms';
  const { totp } = await availableFactors(deps, userId);
  if (totp?.secret_encrypted) {
    const secret = await decryptTotpSecret(deps, totp.secret_encrypted);
    const lastStep = totp.last_used_step === null ? null : Number(totp.last_used_step);
    const step = verifyTotp(secret, code, now, lastStep);
    if (step !== null && (await claimTotpStep(deps.db, totp.id, step))) return 'totp';
  }
  if (await useBackupCode(deps.db, userId, sha256(code), now)) return 'backup_code';
  return null;
}

export interface MfaLoginRequest {
  /** The code typed on the loginMfa step (auth.md §3 `mfa_token`). */
  mfaToken?: string | undefined;
  /** 'resend the code' (auth.md §3 `mfa_resend`). */
  mfaResend?: boolean | undefined;
  /** A passkey's answer to the pending log-in's passkey challenge (docs/decisions/166). */
  passkey?: AuthenticationResponseJSON | undefined;
  /**
   * The step was sent without a first-factor credential (POST /v3/login/mfa/, docs/decisions/189):
   * the pending log-in is all that proves the first factor, so it must exist and must end here —
   * it never turns into a session without a second factor, even if the factors went meanwhile.
   */
  pendingOnly?: boolean | undefined;
}

/** How the pending log-in began, kept with it for the passkey second step (its own request). */
export interface PendingLoginContext {
  method: string;
  isAccountSwitch: boolean;
}

/** What "complete the login" does next (complete-login.service.ts applies it). */
export type MfaLoginOutcome =
  | { outcome: 'not_needed' }
  | { outcome: 'passed'; method: SecondFactorKind; challengeId: string }
  /** Set the cookie to `challengeId`, then answer `error` (AUTH_MFA_REQUIRED). */
  | { outcome: 'required'; challengeId: string; error: AppError }
  /** Answer `error`; drop the cookie when `clearCookie`. */
  | { outcome: 'failed'; clearCookie: boolean; error: AppError };

/**
 * The pending two-factor log-in of this browser (its cookie) with how it began, for the passkey
 * second step, which sends no first-factor credential again.
 */
export async function pendingLogin(
  deps: AppDeps,
  challengeId: string | undefined,
): Promise<{ userId: string; idHash: string; context: PendingLoginContext } | null> {
  if (!challengeId) return null;
  const row = await findChallenge(
    deps.db,
    sha256(challengeId),
    LOGIN_CHALLENGE_PURPOSE,
    deps.now(),
  );
  if (!row?.user_id) return null;
  const method = row.payload['method'];
  return {
    userId: row.user_id,
    idHash: row.id_hash,
    context: {
      method: typeof method === 'string' ? method : 'email',
      isAccountSwitch: row.payload['is_account_switch'] === true,
    },
  };
}

/** Options for the passkey prompt of this browser's pending two-factor log-in. */
export async function passkeySecondFactorOptions(
  deps: AppDeps,
  challengeId: string | undefined,
): Promise<Awaited<ReturnType<typeof authenticationOptions>>> {
  const pending = await pendingLogin(deps, challengeId);
  if (!pending) throw new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } });
  return authenticationOptions(deps, PASSKEY_PURPOSES.secondFactor, pending.userId, {
    login: pending.idHash,
  });
}

/** The user id of a pending two-factor log-in (the social issue's second call has no credential). */
export async function pendingLoginUser(
  deps: AppDeps,
  challengeId: string | undefined,
): Promise<string | null> {
  if (!challengeId) return null;
  const challenge = await findChallenge(
    deps.db,
    sha256(challengeId),
    LOGIN_CHALLENGE_PURPOSE,
    deps.now(),
  );
  return challenge?.user_id ?? null;
}

/** Whether a pending log-in was opened by the first factor `context` names (any, without one). */
function sameFirstFactor(
  challenge: ChallengeRow,
  context: PendingLoginContext | undefined,
): boolean {
  if (!context) return true;
  const method = challenge.payload['method'];
  return (typeof method === 'string' ? method : 'email') === context.method;
}

/**
 * The second-factor decision of a log-in whose first factor resolved to `userId`: not needed,
 * passed (with the code typed), or the MFA-required / code errors to answer.
 */
export async function secondFactorForLogin(
  deps: AppDeps,
  userId: string,
  challengeId: string | undefined,
  request: MfaLoginRequest,
  context?: PendingLoginContext,
): Promise<MfaLoginOutcome> {
  const now = deps.now();
  const { factors, sms } = await availableFactors(deps, userId);
  // Most log-ins: no second factor, nothing more to read (ADR 187).
  if (factors.length === 0 && !request.pendingOnly) return { outcome: 'not_needed' };
  const existing = challengeId
    ? await findChallenge(deps.db, sha256(challengeId), LOGIN_CHALLENGE_PURPOSE, now)
    : undefined;
  // A pending log-in is bound to its person and to the first factor that opened it (ADR 189):
  // a code sent along with a different first factor is not checked against it.
  const challenge =
    existing?.user_id === userId && sameFirstFactor(existing, context) ? existing : undefined;
  if (factors.length === 0) {
    if (challenge) await expireChallenge(deps.db, challenge.id_hash, now);
    return {
      outcome: 'failed',
      clearCookie: true,
      error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
    };
  }
  if (request.pendingOnly && (!challenge || !challengeId)) {
    return {
      outcome: 'failed',
      clearCookie: true,
      error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
    };
  }

  if (request.passkey !== undefined) {
    if (!challenge || !challengeId) {
      return {
        outcome: 'failed',
        clearCookie: true,
        error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
      };
    }
    try {
      const { payload } = await verifyAuthentication(
        deps,
        PASSKEY_PURPOSES.secondFactor,
        userId,
        request.passkey,
      );
      // The passkey challenge must have been opened for this very pending log-in.
      if (payload['login'] !== challenge.id_hash) throw new AppError('PASSKEY_CHALLENGE_INVALID');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await recordWrongCode(deps.db, challenge.id_hash);
      return { outcome: 'failed', clearCookie: false, error };
    }
    if (!(await consumeChallenge(deps.db, challenge.id_hash))) {
      return {
        outcome: 'failed',
        clearCookie: true,
        error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
      };
    }
    return { outcome: 'passed', method: 'passkey', challengeId };
  }

  if (request.mfaToken !== undefined && request.mfaToken.trim() !== '') {
    if (!challenge || !challengeId) {
      return {
        outcome: 'failed',
        clearCookie: true,
        error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
      };
    }
    if (
      (await wrongCodesWithinHour(deps.db, userId, now, LOGIN_CHALLENGE_PURPOSE)) >=
      MFA_MAX_WRONG_CODES_PER_HOUR
    ) {
      return {
        outcome: 'failed',
        clearCookie: false,
        error: new AppError('AUTH_MFA_TOO_MANY_CODES', {
          data: { field: 'code', retry_after_seconds: HOUR_MS / 1000 },
        }),
      };
    }
    const method = await verifySecondFactorCode(deps, userId, request.mfaToken, challenge);
    if (method) {
      if (!(await consumeChallenge(deps.db, challenge.id_hash))) {
        return {
          outcome: 'failed',
          clearCookie: true,
          error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } }),
        };
      }
      return { outcome: 'passed', method, challengeId };
    }
    const attempts = await recordWrongCode(deps.db, challenge.id_hash);
    if (attempts >= MFA_MAX_ATTEMPTS) {
      // Expired, not deleted: its wrong codes keep counting for the person's hourly limit.
      await expireChallenge(deps.db, challenge.id_hash, now);
      return {
        outcome: 'failed',
        clearCookie: true,
        error: new AppError('AUTH_MFA_CHALLENGE_EXPIRED', {
          data: { field: 'code', reason: 'too_many_attempts' },
        }),
      };
    }
    return {
      outcome: 'failed',
      clearCookie: false,
      error: new AppError('AUTH_MFA_CODE_INVALID', {
        data: { field: 'code', attempts_left: MFA_MAX_ATTEMPTS - attempts },
      }),
    };
  }

  // No code yet: open (or keep) the challenge, send an SMS code when there is a phone factor.
  let id = challenge && challengeId ? challengeId : undefined;
  let row = challenge;
  if (!id || !row) {
    id = newChallengeId();
    await purgeExpiredChallenges(deps.db, now);
    await insertChallenge(deps.db, {
      idHash: sha256(id),
      userId,
      purpose: LOGIN_CHALLENGE_PURPOSE,
      payload: context
        ? { method: context.method, is_account_switch: context.isAccountSwitch }
        : {},
      expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
      now,
    });
    row = {
      id_hash: sha256(id),
      user_id: userId,
      purpose: LOGIN_CHALLENGE_PURPOSE,
      code_hash: null,
      code_sent_at: null,
      sends: 0,
      attempts: 0,
      payload: {},
      expires_at: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
    };
  }
  let codeSent = false;
  if (sms?.phone_number && (request.mfaResend === true || row.sends === 0)) {
    const sent = await sendChallengeCode(deps, row, sms.phone_number);
    codeSent = sent === 'sent';
    if (request.mfaResend === true && sent === 'limited') {
      return {
        outcome: 'failed',
        clearCookie: false,
        error: new AppError('AUTH_MFA_RESEND_LIMITED', {
          data: {
            field: 'code',
            retry_after_seconds: deps.config.mfaResendIntervalSeconds,
          },
        }),
      };
    }
    if (request.mfaResend === true && sent !== 'sent') {
      return {
        outcome: 'failed',
        clearCookie: false,
        error: new AppError('SMS_UNAVAILABLE', { data: { field: 'code' } }),
      };
    }
  }
  return {
    outcome: 'required',
    challengeId: id,
    error: new AppError('AUTH_MFA_REQUIRED', {
      data: {
        field: 'code',
        ...(sms?.phone_number ? { phone_number_end: phoneNumberEnd(sms.phone_number) } : {}),
        factors,
        code_sent: codeSent,
      },
    }),
  };
}
