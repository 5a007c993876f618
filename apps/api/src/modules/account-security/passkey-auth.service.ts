// Passkeys (WebAuthn) — the ceremonies' server half (docs/decisions/166), shared by the settings
// (passkeys.service.ts), the second factor (mfa.service.ts) and the passwordless log-in
// (modules/auth/passkey-login.service.ts). @simplewebauthn/server does the WebAuthn checks
// (origin, RP ID hash, signature, flags, counter); this file owns the rules around them:
//   - every challenge is a row of mfa_challenges keyed by the SHA-256 of the challenge itself,
//     with a purpose and (but for the passwordless log-in) a person; the answer's clientDataJSON
//     names its challenge, and the row is deleted before anything is verified, so a challenge
//     answers once, for its own purpose and person, within PASSKEY_CHALLENGE_TTL_MS;
//   - the RP ID and the accepted origins come from config (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS);
//   - the signature counter must grow (unless the authenticator keeps none), checked again in
//     the UPDATE so two answers racing with the same counter cannot both pass;
//   - user verification is required for the passwordless log-in (the passkey is then both
//     factors) and for re-authentication (it stands in for the password; ADR 189), preferred
//     as a second factor.
// Nothing from an answer but the credential's row id and the failure reason is ever logged.
import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import { insertChallenge, purgeExpiredChallenges } from './account-security.repository.ts';
import { sha256 } from './codes.ts';
import {
  advanceSignCount,
  findPasskeyByCredentialId,
  listPasskeys,
  takeChallenge,
  type PasskeyRow,
} from './passkeys.repository.ts';

/** How long a passkey prompt may stay open; the browser is told the same timeout. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

export const PASSKEY_PURPOSES = {
  register: 'passkey_register',
  login: 'passkey_login',
  secondFactor: 'passkey_mfa',
  /** Re-authenticating a signed-in session for security changes (docs/decisions/189). */
  reauth: 'passkey_reauth',
} as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[keyof typeof PASSKEY_PURPOSES];
/** The purposes answered with `navigator.credentials.get`. */
export type AssertionPurpose = Exclude<PasskeyPurpose, typeof PASSKEY_PURPOSES.register>;

/**
 * User verification is required where the passkey stands in for something the person knows: the
 * passwordless log-in (both factors at once) and re-authentication (instead of the password).
 * As a second factor after a password it is possession that counts, so it is only preferred.
 */
function requiresUserVerification(purpose: AssertionPurpose): boolean {
  return purpose === PASSKEY_PURPOSES.login || purpose === PASSKEY_PURPOSES.reauth;
}

const AUTHENTICATOR_TRANSPORTS: readonly AuthenticatorTransport[] = [
  'ble',
  'hybrid',
  'internal',
  'nfc',
  'usb',
];

export function knownTransports(values: readonly string[] | undefined): AuthenticatorTransport[] {
  return (values ?? []).filter((value): value is AuthenticatorTransport =>
    (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(value),
  );
}

/**
 * The WebAuthn user handle: stable per person (so an authenticator replaces, not duplicates, its
 * passkey for the account) and opaque (an HMAC of the id with the server's secret, no PII).
 */
async function userHandle(deps: Pick<AppDeps, 'authEngine'>, userId: string): Promise<Uint8Array> {
  const { secret } = await deps.authEngine.$context;
  return new Uint8Array(createHmac('sha256', secret).update(`webauthn-user:${userId}`).digest());
}

async function storeChallenge(
  deps: AppDeps,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  payload: Record<string, unknown> = {},
): Promise<void> {
  const now = deps.now();
  await purgeExpiredChallenges(deps.db, now);
  await insertChallenge(deps.db, {
    idHash: sha256(challenge),
    userId,
    purpose,
    payload,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    now,
  });
}

/** The challenge an answer's clientDataJSON carries, or null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge the answer names: it must exist, be live, have this purpose and (when
 * `userId` is given) belong to that person. Answers the challenge and its payload.
 */
async function spendChallenge(
  deps: AppDeps,
  clientDataJSON: string,
  purpose: PasskeyPurpose,
  userId: string | null,
): Promise<{ challenge: string; payload: Record<string, unknown> }> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) throw new AppError('PASSKEY_CHALLENGE_INVALID');
  const row = await takeChallenge(deps.db, sha256(challenge), purpose, deps.now());
  if (!row || (userId !== null && row.user_id !== userId)) {
    throw new AppError('PASSKEY_CHALLENGE_INVALID');
  }
  return { challenge, payload: row.payload };
}

// ---- registration -----------------------------------------------------------------------------

export async function registrationOptions(
  deps: AppDeps,
  user: { id: string; username: string; email: string | null; displayName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: deps.config.webauthn.rpName,
    rpID: deps.config.webauthn.rpId,
    userName: user.email ?? user.username,
    userID: (await userHandle(deps, user.id)) as Uint8Array<ArrayBuffer>,
    userDisplayName: user.displayName,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: knownTransports(row.transports),
    })),
    // Discoverable ("resident") credentials, so the same passkey also logs in without a username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps, options.challenge, PASSKEY_PURPOSES.register, user.id);
  return options;
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  aaguid: string;
}

export async function verifyRegistration(
  deps: AppDeps,
  userId: string,
  response: RegistrationResponseJSON,
): Promise<VerifiedRegistration> {
  const { challenge } = await spendChallenge(
    deps,
    response.response.clientDataJSON,
    PASSKEY_PURPOSES.register,
    userId,
  );
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    deps.log.warn({ user_id: userId, reason: reasonOf(error) }, 'passkey registration refused');
    throw new AppError('PASSKEY_VERIFICATION_FAILED');
  }
  if (!verified.verified) throw new AppError('PASSKEY_VERIFICATION_FAILED');
  const info = verified.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    signCount: info.credential.counter,
    transports: knownTransports(response.response.transports ?? info.credential.transports),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}

// ---- authentication ---------------------------------------------------------------------------

/**
 * Options for `navigator.credentials.get`. With `userId` (the second factor) the person's
 * passkeys are listed; without (passwordless) none are, so the browser offers its discoverable
 * ones, and user verification is required.
 */
export async function authenticationOptions(
  deps: AppDeps,
  purpose: AssertionPurpose,
  userId: string | null,
  payload: Record<string, unknown> = {},
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId ? await listPasskeys(deps.db, userId) : [];
  if (userId && allow.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: requiresUserVerification(purpose) ? 'required' : 'preferred',
    allowCredentials: allow.map((row) => ({
      id: row.credential_id,
      transports: knownTransports(row.transports),
    })),
  });
  await storeChallenge(deps, options.challenge, purpose, userId, payload);
  return options;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown';
}

/**
 * Verifies a `navigator.credentials.get` answer for `purpose` (and, for a second factor, for
 * `userId`): spends the challenge, checks the credential is registered (to that person), checks
 * the signature, origin, RP ID, user verification and counter, records the new counter and the
 * use. Answers the passkey and the challenge's payload.
 */
export async function verifyAuthentication(
  deps: AppDeps,
  purpose: AssertionPurpose,
  userId: string | null,
  response: AuthenticationResponseJSON,
): Promise<{ passkey: PasskeyRow; payload: Record<string, unknown> }> {
  const { challenge, payload } = await spendChallenge(
    deps,
    response.response.clientDataJSON,
    purpose,
    userId,
  );
  const passkey = await findPasskeyByCredentialId(deps.db, response.id);
  if (!passkey || (userId !== null && passkey.user_id !== userId)) {
    throw new AppError('PASSKEY_UNKNOWN');
  }
  const storedCount = Number(passkey.sign_count);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: storedCount,
        transports: knownTransports(passkey.transports),
      },
      requireUserVerification: requiresUserVerification(purpose),
    });
  } catch (error) {
    const reason = reasonOf(error);
    deps.log.warn(
      { user_id: passkey.user_id, passkey_id: passkey.id, reason },
      'passkey answer refused',
    );
    if (/counter value/i.test(reason)) throw new AppError('PASSKEY_COUNTER_INVALID');
    throw new AppError('PASSKEY_VERIFICATION_FAILED');
  }
  if (!verified.verified) throw new AppError('PASSKEY_VERIFICATION_FAILED');
  const newCount = verified.authenticationInfo.newCounter;
  if (!(await advanceSignCount(deps.db, passkey.id, storedCount, newCount, deps.now()))) {
    // Another answer with this counter got in first: the same signature twice, or a clone.
    throw new AppError('PASSKEY_COUNTER_INVALID');
  }
  return { passkey, payload };
}
