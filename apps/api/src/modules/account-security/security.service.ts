// Two-factor settings (issue 9 "Settings page to enrol, verify, list and remove factors;
// re-authentication required for changes"; docs/decisions/041): the state of a person's
// factors, re-authentication on the current session, authenticator-app enrolment (secret, QR
// code as an SVG data URL made here, confirmation with a code, backup codes shown once), SMS
// enrolment (a code sent through the SMS provider to the new number), removal, and new backup
// codes. Starting an enrolment, removing a factor and new backup codes need a re-authentication
// within REAUTH_WINDOW_MS on this session: the password, a code from a factor, or a passkey with
// user verification (docs/decisions/189); for a person without a password, a session that logged
// in within the window counts too (as for the other settings, ADR 150), or someone who signed in
// with Google or SSO only could never turn two-factor on.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import QRCode from 'qrcode';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  countUnusedBackupCodes,
  deleteBackupCodes,
  deleteFactor,
  findChallengeOfUser,
  deleteChallengesOfUser,
  findFactor,
  findAccountLabel,
  findPasswordHash,
  insertChallenge,
  listFactors,
  markFactorVerified,
  sessionProofTimes,
  recordWrongCode,
  replaceBackupCodes,
  savePendingFactor,
  setReauthenticated,
  consumeChallenge,
  wrongCodesWithinHour,
  recordFailedReauth,
  claimTotpStep,
  hasVerifiedSecondFactor,
} from './account-security.repository.ts';
import {
  newBackupCodes,
  newChallengeId,
  normalizePhoneNumber,
  phoneNumberEnd,
  sha256,
} from './codes.ts';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  MFA_CHALLENGE_TTL_MS,
  MFA_MAX_ATTEMPTS,
  sendChallengeCode,
  verifySecondFactorCode,
} from './mfa.service.ts';
import {
  authenticationOptions,
  PASSKEY_PURPOSES,
  verifyAuthentication,
} from './passkey-auth.service.ts';
import { countPasskeys } from './passkeys.repository.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/** A re-authentication lets this session change security settings for 10 minutes. */
export const REAUTH_WINDOW_MS = 10 * 60_000;
/** Wrong passwords or codes given to re-authenticate, per person per hour. */
export const REAUTH_MAX_FAILURES_PER_HOUR = 10;
export const PHONE_CHALLENGE_PURPOSE = 'phone';
export const REAUTH_FAILURE_PURPOSE = 'reauth';

export interface SecurityState {
  totp_enabled: boolean;
  /** The verified phone's last digits, or null. */
  sms_phone_number_end: string | null;
  backup_codes_left: number;
  has_password: boolean;
  /** Passkeys registered (docs/decisions/166); each is a second factor. */
  passkey_count: number;
  /** Until when this session may change security settings without re-authenticating. */
  reauthenticated_until: string | null;
}

function sessionTokenOf(sessionToken: string | null): string {
  // Access 'viewer' routes always have a session; tests acting through a header have none, and
  // then nothing can be changed (there is no session to mark).
  if (!sessionToken) throw new AppError('REAUTH_REQUIRED');
  return sessionToken;
}

async function reauthUntil(
  deps: AppDeps,
  userId: string,
  sessionToken: string | null,
): Promise<Date | null> {
  if (!sessionToken) return null;
  const times = await sessionProofTimes(deps.db, sessionToken);
  if (!times) return null;
  let proven = times.reauthenticated_at?.getTime() ?? 0;
  // Without a password the log-in itself is the last proof (ADR 150, 189).
  if (proven < times.created_at.getTime() && (await findPasswordHash(deps.db, userId)) === null) {
    proven = times.created_at.getTime();
  }
  if (proven === 0) return null;
  const until = new Date(proven + REAUTH_WINDOW_MS);
  return until > deps.now() ? until : null;
}

/** Refuses with REAUTH_REQUIRED unless this session re-authenticated within the window. */
export async function requireRecentReauth(
  deps: AppDeps,
  userId: string,
  sessionToken: string | null,
): Promise<void> {
  if (!(await reauthUntil(deps, userId, sessionToken))) {
    throw new AppError('REAUTH_REQUIRED', { data: { field: 'password' } });
  }
}

export async function securityState(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<SecurityState> {
  const factors = (await listFactors(deps.db, viewer.id)).filter((row) => row.verified_at);
  const sms = factors.find((row) => row.kind === 'sms');
  const until = await reauthUntil(deps, viewer.id, sessionToken);
  return {
    totp_enabled: factors.some((row) => row.kind === 'totp'),
    sms_phone_number_end: sms?.phone_number ? phoneNumberEnd(sms.phone_number) : null,
    backup_codes_left: await countUnusedBackupCodes(deps.db, viewer.id),
    has_password: (await findPasswordHash(deps.db, viewer.id)) !== null,
    passkey_count: await countPasskeys(deps.db, viewer.id),
    reauthenticated_until: until ? until.toISOString() : null,
  };
}

/** The passkey re-authentication's challenge is bound to the session that asked for it. */
function sessionBinding(sessionToken: string): string {
  return sha256(`reauth-session:${sessionToken}`);
}

/**
 * Options for re-authenticating this session with one of the viewer's passkeys (user verification
 * required; docs/decisions/189). PASSKEY_NOT_FOUND without a passkey.
 */
export async function reauthPasskeyOptions(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<Awaited<ReturnType<typeof authenticationOptions>>> {
  const token = sessionTokenOf(sessionToken);
  return authenticationOptions(deps, PASSKEY_PURPOSES.reauth, viewer.id, {
    session: sessionBinding(token),
  });
}

/** Whether the passkey answer proves the viewer, for this session's own challenge. */
async function passkeyProves(
  deps: AppDeps,
  viewer: Viewer,
  token: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  try {
    const { payload } = await verifyAuthentication(
      deps,
      PASSKEY_PURPOSES.reauth,
      viewer.id,
      response,
    );
    return payload['session'] === sessionBinding(token);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Proves it is still the person at the keyboard: their password, a code from a factor they have,
 * or one of their passkeys (ADR 189). Marks this session re-authenticated.
 */
export async function reauthenticate(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  input: {
    password?: string | undefined;
    code?: string | undefined;
    passkey?: AuthenticationResponseJSON | undefined;
  },
): Promise<SecurityState> {
  const token = sessionTokenOf(sessionToken);
  const now = deps.now();
  if (
    (await wrongCodesWithinHour(deps.db, viewer.id, now, REAUTH_FAILURE_PURPOSE)) >=
    REAUTH_MAX_FAILURES_PER_HOUR
  ) {
    throw new AppError('AUTH_MFA_TOO_MANY_CODES', {
      data: { field: 'password', retry_after_seconds: 3600 },
    });
  }
  let ok = false;
  if (input.passkey !== undefined) {
    ok = await passkeyProves(deps, viewer, token, input.passkey);
  } else if (input.password !== undefined && input.password !== '') {
    const hash = await findPasswordHash(deps.db, viewer.id);
    const engine = await deps.authEngine.$context;
    ok = hash !== null && (await engine.password.verify({ hash, password: input.password }));
  } else if (input.code !== undefined && input.code !== '') {
    ok = (await verifySecondFactorCode(deps, viewer.id, input.code, undefined)) !== null;
  }
  if (!ok) {
    await recordFailedReauth(
      deps.db,
      sha256(newChallengeId()),
      viewer.id,
      REAUTH_FAILURE_PURPOSE,
      now,
    );
    const field = input.passkey ? 'passkey' : input.code ? 'code' : 'password';
    throw new AppError('REAUTH_FAILED', { data: { field } });
  }
  await setReauthenticated(deps.db, token, now);
  return securityState(deps, viewer, token);
}

/** The first verified factor brings ten backup codes (answered once); later ones keep them. */
export async function backupCodesForNewFactor(
  deps: AppDeps,
  userId: string,
): Promise<string[] | null> {
  if ((await countUnusedBackupCodes(deps.db, userId)) > 0) return null;
  const codes = newBackupCodes();
  await replaceBackupCodes(deps.db, userId, codes.map(sha256), deps.now());
  return codes;
}

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a QR code: an SVG, as a data URL (made here; no third party sees it). */
  qr_code: string;
}

export async function startTotpEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<TotpEnrolment> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  const existing = await findFactor(deps.db, viewer.id, 'totp');
  if (existing?.verified_at) throw new AppError('MFA_FACTOR_EXISTS', { data: { kind: 'totp' } });
  const user = await findAccountLabel(deps.db, viewer.id);
  const secret = newTotpSecret();
  await savePendingFactor(deps.db, {
    userId: viewer.id,
    kind: 'totp',
    phoneNumber: null,
    secretEncrypted: await encryptTotpSecret(deps, secret),
    now: deps.now(),
  });
  const uri = totpUri(secret, user.email ?? user.username);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms the pending authenticator app with its current code; answers new backup codes. */
export async function confirmTotpEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  code: string,
): Promise<{ backup_codes: string[] | null }> {
  const pending = await findFactor(deps.db, viewer.id, 'totp');
  if (!pending?.secret_encrypted)
    throw new AppError('MFA_FACTOR_NOT_FOUND', { data: { kind: 'totp' } });
  if (pending.verified_at) throw new AppError('MFA_FACTOR_EXISTS', { data: { kind: 'totp' } });
  const secret = await decryptTotpSecret(deps, pending.secret_encrypted);
  const step = verifyTotp(secret, code.replace(/\s+/g, ''), deps.now(), null);
  if (step === null || !(await claimTotpStep(deps.db, pending.id, step))) {
    throw new AppError('AUTH_MFA_CODE_INVALID', { data: { field: 'code' } });
  }
  await markFactorVerified(deps.db, pending.id, deps.now());
  return { backup_codes: await backupCodesForNewFactor(deps, viewer.id) };
}

/** Sends a code to a new phone number (pending SMS factor) to prove the person has it. */
export async function startSmsEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  phoneInput: string,
): Promise<{ phone_number_end: string }> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  const phone = normalizePhoneNumber(phoneInput);
  if (!phone) throw new AppError('SMS_NUMBER_INVALID', { data: { field: 'phone_number' } });
  const existing = await findFactor(deps.db, viewer.id, 'sms');
  if (existing?.verified_at) throw new AppError('MFA_FACTOR_EXISTS', { data: { kind: 'sms' } });
  if (!deps.config.providers.sms) throw new AppError('SMS_UNAVAILABLE');
  const now = deps.now();
  await savePendingFactor(deps.db, {
    userId: viewer.id,
    kind: 'sms',
    phoneNumber: phone,
    secretEncrypted: null,
    now,
  });
  // One phone check per person at a time (found by person, so no cookie is needed).
  const idHash = sha256(newChallengeId());
  await deleteChallengesOfUser(deps.db, viewer.id, PHONE_CHALLENGE_PURPOSE);
  await insertChallenge(deps.db, {
    idHash,
    userId: viewer.id,
    purpose: PHONE_CHALLENGE_PURPOSE,
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
    now,
  });
  const outcome = await sendChallengeCode(
    deps,
    { id_hash: idHash, user_id: viewer.id, sends: 0, code_sent_at: null },
    phone,
  );
  if (outcome === 'limited') {
    throw new AppError('AUTH_MFA_RESEND_LIMITED', { data: { retry_after_seconds: 3600 } });
  }
  if (outcome !== 'sent') throw new AppError('SMS_UNAVAILABLE');
  return { phone_number_end: phoneNumberEnd(phone) };
}

export async function confirmSmsEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  code: string,
): Promise<{ backup_codes: string[] | null }> {
  const now = deps.now();
  const pending = await findFactor(deps.db, viewer.id, 'sms');
  if (!pending || pending.verified_at) {
    throw new AppError('MFA_FACTOR_NOT_FOUND', { data: { kind: 'sms' } });
  }
  const challenge = await findChallengeOfUser(deps.db, viewer.id, PHONE_CHALLENGE_PURPOSE, now);
  if (!challenge) throw new AppError('AUTH_MFA_CHALLENGE_EXPIRED', { data: { field: 'code' } });
  const typed = code.replace(/\s+/g, '');
  if (!challenge.code_hash || challenge.code_hash !== sha256(typed)) {
    const attempts = await recordWrongCode(deps.db, challenge.id_hash);
    if (attempts >= MFA_MAX_ATTEMPTS) {
      await consumeChallenge(deps.db, challenge.id_hash);
      throw new AppError('AUTH_MFA_CHALLENGE_EXPIRED', {
        data: { field: 'code', reason: 'too_many_attempts' },
      });
    }
    throw new AppError('AUTH_MFA_CODE_INVALID', {
      data: { field: 'code', attempts_left: MFA_MAX_ATTEMPTS - attempts },
    });
  }
  await consumeChallenge(deps.db, challenge.id_hash);
  await markFactorVerified(deps.db, pending.id, now);
  return { backup_codes: await backupCodesForNewFactor(deps, viewer.id) };
}

/** Removes a factor; with none left, the backup codes go too (two-factor is off). */
export async function removeFactor(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  kind: 'totp' | 'sms',
): Promise<SecurityState> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  if ((await deleteFactor(deps.db, viewer.id, kind)) === 0) {
    throw new AppError('MFA_FACTOR_NOT_FOUND', { data: { kind } });
  }
  // Passkeys are second factors too: the codes stay while any factor is left.
  if (!(await hasVerifiedSecondFactor(deps.db, viewer.id)))
    await deleteBackupCodes(deps.db, viewer.id);
  return securityState(deps, viewer, sessionToken);
}

/** Ten new backup codes replacing the old ones (answered once). */
export async function regenerateBackupCodes(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<{ backup_codes: string[] }> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  if (!(await hasVerifiedSecondFactor(deps.db, viewer.id)))
    throw new AppError('MFA_FACTOR_NOT_FOUND');
  const codes = newBackupCodes();
  await replaceBackupCodes(deps.db, viewer.id, codes.map(sha256), deps.now());
  return { backup_codes: codes };
}
