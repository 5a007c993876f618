// The embedded captcha: an ALTCHA (v2) proof-of-work challenge that the page solves in the
// background, so protection works with no outside service. The server signs each challenge
// with its action, level and expiry; a solution counts once (captcha_redemptions) and only for
// an action the endpoint accepts. Token = base64(JSON {challenge, solution}), the payload the
// ALTCHA widget and `solveChallenge` produce.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import {
  CAPTCHA_ACTIONS,
  CAPTCHA_LEVELS,
  type CaptchaAction,
  type CaptchaClientConfig,
  type CaptchaLevel,
} from '@corkboard/shared/auth/api';
import { CAPTCHA_TOKEN_MAX_LENGTH } from '@corkboard/shared/auth/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { CaptchaCheck, CaptchaVerdict, CaptchaVerifier } from './captcha.ts';
import { redeemChallenge } from './captcha-redemptions.repository.ts';

/** Plain iterated SHA-256: fast to verify, and every browser has it in WebCrypto. */
export const ALTCHA_ALGORITHM = 'SHA-256';
/**
 * How long a challenge may be solved and used. The page refreshes its token every 105 s
 * (auth.md §9), so this only has to cover a slow form fill.
 */
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000;

export interface AltchaDifficulty {
  /** SHA-256 rounds per attempt. */
  readonly cost: number;
  /** The secret counter is drawn from [counterMin, counterMax]; the solver tries 0, 1, 2, … */
  readonly counterMin: number;
  readonly counterMax: number;
}

/**
 * Standard: ~30 000 hashes on average, a fraction of a second on a phone. Challenge (the
 * step-up after AUTH_LOGIN_TOO_FAST_IP): ten times more, a second or two, which makes
 * password spraying from one address expensive without locking anyone out.
 */
export const ALTCHA_DIFFICULTY: Readonly<Record<CaptchaLevel, AltchaDifficulty>> = {
  standard: { cost: 10, counterMin: 1_000, counterMax: 5_000 },
  challenge: { cost: 10, counterMin: 10_000, counterMax: 50_000 },
};

const dataValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
// Loose objects: the signature covers every key the server wrote, so nothing may be dropped.
const payloadSchema = z.object({
  challenge: z.looseObject({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string().regex(/^[0-9a-f]{1,128}$/),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      data: z.record(z.string(), dataValue).optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string() }),
});

const challengeDataSchema = z.object({
  action: z.enum(CAPTCHA_ACTIONS),
  level: z.enum(CAPTCHA_LEVELS),
  /** Epoch milliseconds, judged with the server's clock (not altcha-lib's Date.now()). */
  expires: z.number(),
});

function decodePayload(token: string): z.output<typeof payloadSchema> | null {
  if (token.length > CAPTCHA_TOKEN_MAX_LENGTH) return null;
  try {
    const parsed = payloadSchema.safeParse(
      JSON.parse(Buffer.from(token, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface AltchaOptions {
  db: Kysely<Database>;
  hmacKey: string;
  now: Clock;
  difficulty?: Readonly<Record<CaptchaLevel, AltchaDifficulty>>;
}

export interface AltchaCaptcha extends CaptchaVerifier {
  createChallenge(action: CaptchaAction, level: CaptchaLevel): Promise<Challenge>;
}

export function createAltchaCaptcha(options: AltchaOptions): AltchaCaptcha {
  const difficulty = options.difficulty ?? ALTCHA_DIFFICULTY;
  // A second key, derived, signs the expected derived key so verification is one HMAC.
  const keySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('corkboard-altcha-key-signature')
    .digest('hex');

  async function verify(check: CaptchaCheck): Promise<CaptchaVerdict> {
    if (!check.token) return { ok: false, reason: 'missing' };
    const payload = decodePayload(check.token);
    if (!payload || payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) {
      return { ok: false, reason: 'malformed' };
    }
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: options.hmacKey,
      hmacKeySignatureSecret: keySignatureSecret,
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
    // Signed by us, so trusted from here on; parsed anyway to get types.
    const data = challengeDataSchema.safeParse(payload.challenge.parameters.data);
    if (!data.success) return { ok: false, reason: 'malformed' };
    const now = options.now();
    if (data.data.expires <= now.getTime()) return { ok: false, reason: 'expired' };
    if (!check.actions.includes(data.data.action)) return { ok: false, reason: 'wrong_action' };
    // A step-up solution also satisfies a standard check, never the other way round.
    if (check.level === 'challenge' && data.data.level !== 'challenge') {
      return { ok: false, reason: 'wrong_level' };
    }
    const fresh = await redeemChallenge(
      options.db,
      payload.challenge.parameters.nonce,
      new Date(data.data.expires),
    );
    return fresh ? { ok: true } : { ok: false, reason: 'replayed' };
  }

  return {
    provider: 'altcha',
    verify,
    clientConfig: (): CaptchaClientConfig => ({
      provider: 'altcha',
      site_key: null,
      challenge_site_key: null,
    }),
    async createChallenge(action, level) {
      const { cost, counterMin, counterMax } = difficulty[level];
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        counter: randomInt(counterMax, counterMin),
        deriveKey,
        data: { action, level, expires: options.now().getTime() + ALTCHA_CHALLENGE_TTL_MS },
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },
  };
}
