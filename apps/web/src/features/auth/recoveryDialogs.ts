// auth.md §4: "Dialog kinds are numbered 0 to 6 (soft banned, rate limited, login assistance,
// password reset sent, prevent Facebook register, prevent Google register, suspended)."
export const RECOVERY_DIALOGS = {
  softBanned: 0,
  rateLimited: 1,
  loginAssistance: 2,
  passwordResetSent: 3,
  preventFacebookRegister: 4,
  preventGoogleRegister: 5,
  suspended: 6,
  /**
   * Not numbered by the spec (its kinds stop at 6): LINE's case of "prevent … register", shown
   * like the Facebook and Google ones when LINE's e-mail already has an account LINE is not
   * connected to (ADR 163).
   */
  preventLineRegister: 7,
} as const;

export type RecoveryDialogKind = keyof typeof RECOVERY_DIALOGS;

/** A recovery dialog to show, with the suspension's reason for the suspended one. */
export interface RecoveryDialogState {
  kind: RecoveryDialogKind;
  suspensionReason?: SuspensionReason | null | undefined;
}

/** Why a suspended account was suspended (the server's `error.data.reason`). */
export const SUSPENSION_REASONS = [
  'community_guidelines',
  'unusual_activity',
  'closure_request',
] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

export function suspensionReasonOf(value: unknown): SuspensionReason | null {
  return (SUSPENSION_REASONS as readonly unknown[]).includes(value)
    ? (value as SuspensionReason)
    : null;
}
