// reCAPTCHA Enterprise: every token is checked by creating an assessment,
//   POST {endpoint}/v1/projects/{project}/assessments?key={API key}
//   { "event": { "token", "siteKey", "expectedAction", "userIpAddress", "userAgent" } }
// and reading `tokenProperties.valid`, `tokenProperties.action` and `riskAnalysis.score`.
// Standard tokens come from the score key and must reach the configured threshold; step-up
// tokens come from the checkbox key, where solving the challenge is the proof.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CaptchaClientConfig } from '@corkboard/shared/auth/api';
import { CAPTCHA_TOKEN_MAX_LENGTH } from '@corkboard/shared/auth/schemas';
import type { RecaptchaConfig } from '../../config/config.ts';
import type { CaptchaCheck, CaptchaVerdict, CaptchaVerifier } from './captcha.ts';

/** A login must not hang on Google: past this the check fails closed. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;

const assessmentSchema = z.object({
  tokenProperties: z
    .object({
      valid: z.boolean().optional(),
      invalidReason: z.string().optional(),
      action: z.string().optional(),
    })
    .optional(),
  riskAnalysis: z.object({ score: z.number().optional() }).optional(),
});

export interface RecaptchaOptions {
  config: RecaptchaConfig;
  log: FastifyBaseLogger;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export function createRecaptchaEnterpriseVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const { config } = options;
  const doFetch = options.fetch ?? fetch;
  const url = `${config.endpoint}/v1/projects/${encodeURIComponent(config.projectId)}/assessments?key=${encodeURIComponent(config.apiKey)}`;

  async function verify(check: CaptchaCheck): Promise<CaptchaVerdict> {
    if (!check.token) return { ok: false, reason: 'missing' };
    if (check.token.length > CAPTCHA_TOKEN_MAX_LENGTH) return { ok: false, reason: 'malformed' };
    const siteKey = check.level === 'challenge' ? config.challengeSiteKey : config.siteKey;
    const event: Record<string, string> = {
      token: check.token,
      siteKey,
      userIpAddress: check.remoteIp,
    };
    // With one possible action Google can flag a mismatch itself; we check it either way.
    const [onlyAction] = check.actions;
    if (check.actions.length === 1 && onlyAction) event['expectedAction'] = onlyAction;
    if (check.userAgent) event['userAgent'] = check.userAgent;

    let body: unknown;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ event }),
        signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
      });
      if (!response.ok) {
        options.log.warn({ status: response.status }, 'reCAPTCHA assessment request failed');
        return { ok: false, reason: 'unavailable' };
      }
      body = await response.json();
    } catch (error) {
      options.log.warn({ err: error }, 'reCAPTCHA assessment request failed');
      return { ok: false, reason: 'unavailable' };
    }

    const assessment = assessmentSchema.safeParse(body);
    if (!assessment.success) return { ok: false, reason: 'unavailable' };
    const { tokenProperties, riskAnalysis } = assessment.data;
    if (tokenProperties?.valid !== true) {
      const reason = tokenProperties?.invalidReason === 'EXPIRED' ? 'expired' : 'invalid';
      return { ok: false, reason };
    }
    const action = tokenProperties.action ?? '';
    if (!check.actions.some((candidate) => candidate === action)) {
      return { ok: false, reason: 'wrong_action' };
    }
    if (check.level === 'standard' && (riskAnalysis?.score ?? 0) < config.scoreThreshold) {
      return { ok: false, reason: 'low_score' };
    }
    return { ok: true };
  }

  return {
    provider: 'recaptcha',
    verify,
    clientConfig: (): CaptchaClientConfig => ({
      provider: 'recaptcha',
      site_key: config.siteKey,
      challenge_site_key: config.challengeSiteKey,
    }),
  };
}
