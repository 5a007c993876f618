// The two-factor code typed on the loginMfa step (auth.md §2, §5).

/**
 * Not in the spec (ADR 005): six digits, what authenticator apps and SMS codes (and Better
 * Auth's two-factor plugin by default) use; or (ADR 041) a backup code, ten letters and digits
 * without look-alikes (BACKUP_CODE_PATTERN).
 */
export const VERIFICATION_CODE_PATTERN = /^[0-9]{6}$/;
export const BACKUP_CODE_PATTERN = /^[a-hjkmnp-z2-9]{10}$/i;

export const VERIFICATION_CODE_COPY = {
  /** auth.md §5. */
  required: "You missed a spot! Don't forget to add your verification code.",
  /** auth.md §5. */
  invalid: "Hmm...that doesn't look like a verification code.",
} as const;

export type VerificationCodeFailureReason = 'required' | 'malformed';

export interface VerificationCodeFailure {
  readonly reason: VerificationCodeFailureReason;
  readonly message: string;
}

/** The first rule `value` breaks, or null. Spaces people type between digit groups are ignored. */
export function validateVerificationCode(
  value: string | null | undefined,
): VerificationCodeFailure | null {
  const code = (value ?? '').replace(/\s+/g, '');
  if (code.length === 0) return { reason: 'required', message: VERIFICATION_CODE_COPY.required };
  if (!VERIFICATION_CODE_PATTERN.test(code) && !BACKUP_CODE_PATTERN.test(code))
    return { reason: 'malformed', message: VERIFICATION_CODE_COPY.invalid };
  return null;
}
