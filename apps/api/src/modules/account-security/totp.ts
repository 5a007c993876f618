// Authenticator apps (RFC 6238 TOTP) through `otpauth`: 30-second steps, six digits, SHA-1 —
// what every authenticator app reads from an otpauth:// QR code. The step accepted is returned
// so it can be stored and never accepted twice (a code seen over a shoulder is spent). Time is
// ours (AppDeps.now), not the system's, so tests move it.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Corkboard';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function totpUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/** The current code (tests, and nothing else, need it). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totp(secretBase32, 'x').generate({ timestamp: now.getTime() });
}

/**
 * The time step `code` belongs to, within the window around `now`, if it is later than
 * `lastUsedStep`; otherwise null.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32, 'x').validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
