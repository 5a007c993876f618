// Picks the captcha provider from the configuration (the routes that serve the page its
// configuration and ALTCHA challenges live in modules/auth/captcha.routes.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { CaptchaConfig } from '../../config/config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAltchaCaptcha, type AltchaCaptcha } from './altcha.ts';
import { disabledCaptcha, type CaptchaVerifier } from './captcha.ts';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise.ts';

export interface CaptchaSetup {
  verifier: CaptchaVerifier;
  /** Present when the provider is ALTCHA: it also issues challenges. */
  altcha: AltchaCaptcha | undefined;
}

export interface CaptchaOptions {
  config: CaptchaConfig;
  /** The ALTCHA HMAC key, already resolved (configured or generated). */
  altchaHmacKey: string;
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch | undefined;
}

export function createCaptcha(options: CaptchaOptions): CaptchaSetup {
  if (options.config.provider === 'altcha') {
    const altcha = createAltchaCaptcha({
      db: options.db,
      hmacKey: options.altchaHmacKey,
      now: options.now,
    });
    return { verifier: altcha, altcha };
  }
  if (options.config.provider === 'recaptcha' && options.config.recaptcha) {
    const verifier = createRecaptchaEnterpriseVerifier({
      config: options.config.recaptcha,
      log: options.log,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return { verifier, altcha: undefined };
  }
  return { verifier: disabledCaptcha, altcha: undefined };
}
