// "Is this a person?" for login, signup and reset requests, behind one interface: reCAPTCHA
// Enterprise assessments when configured, a self-hosted ALTCHA proof of work by default (no
// outside service), or off. Tokens are bound to an action (auth.md §7) and a level: `standard`
// on every request, `challenge` for the step-up after too many failed logins from one IP.
import type {
  CaptchaAction,
  CaptchaClientConfig,
  CaptchaLevel,
  CaptchaProviderName,
} from '@corkboard/shared/auth/api';

export type CaptchaFailureReason =
  | 'missing'
  | 'malformed'
  | 'invalid'
  | 'expired'
  | 'replayed'
  | 'wrong_action'
  | 'wrong_level'
  | 'low_score'
  | 'unavailable';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaFailureReason };

export interface CaptchaCheck {
  token: string | undefined;
  /** The actions this endpoint accepts; the token's action must be one of them. */
  actions: readonly CaptchaAction[];
  level: CaptchaLevel;
  remoteIp: string;
  userAgent: string | undefined;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProviderName;
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>;
  clientConfig(): CaptchaClientConfig;
}

/** CAPTCHA_PROVIDER=off: every check passes (development behind other protection, tests). */
export const disabledCaptcha: CaptchaVerifier = {
  provider: 'off',
  verify: () => Promise.resolve({ ok: true }),
  clientConfig: () => ({ provider: 'off', site_key: null, challenge_site_key: null }),
};
