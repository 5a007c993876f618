// The embedded ALTCHA captcha, solved for real: a solution passes once, for its action and
// level, before it expires; anything tampered with or replayed fails.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { CaptchaAction, CaptchaLevel } from '@corkboard/shared/auth/api';
import { TestClock } from '../../test/test-clock.ts';
import { newSecret } from '../auth/secrets.ts';
import { ALTCHA_CHALLENGE_TTL_MS, createAltchaCaptcha, type AltchaCaptcha } from './altcha.ts';
import type { CaptchaCheck } from './captcha.ts';
import { solvedToken } from '../../test/captcha-peers.ts';
import { purgeRedemptions } from './captcha-redemptions.repository.ts';

let handle: DbHandle;
let clock: TestClock;
let altcha: AltchaCaptcha;

async function token(action: CaptchaAction, level: CaptchaLevel = 'standard'): Promise<string> {
  return solvedToken(await altcha.createChallenge(action, level));
}

function check(
  tokenValue: string | undefined,
  overrides: Partial<CaptchaCheck> = {},
): CaptchaCheck {
  return {
    token: tokenValue,
    actions: ['web_unauth', 'mweb_login'],
    level: 'standard',
    remoteIp: '127.0.0.1',
    userAgent: 'vitest',
    ...overrides,
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  clock = new TestClock();
  altcha = createAltchaCaptcha({ db: handle.db, hmacKey: newSecret(), now: clock.now });
});

afterAll(async () => {
  await handle.close();
});

describe('ALTCHA captcha', () => {
  it('accepts a real solution once; a replay is refused', async () => {
    const solved = await token('web_unauth');
    expect(await altcha.verify(check(solved))).toEqual({ ok: true });
    expect(await altcha.verify(check(solved))).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses a token for another action', async () => {
    const solved = await token('web_reset_password');
    expect(await altcha.verify(check(solved))).toEqual({ ok: false, reason: 'wrong_action' });
  });

  it('refuses a standard solution where the step-up is required, not the other way round', async () => {
    const standard = await token('web_unauth');
    expect(await altcha.verify(check(standard, { level: 'challenge' }))).toEqual({
      ok: false,
      reason: 'wrong_level',
    });
    const stepUp = await token('mweb_login', 'challenge');
    expect(await altcha.verify(check(stepUp, { level: 'standard' }))).toEqual({ ok: true });
  });

  it('refuses an expired challenge (by the server clock)', async () => {
    const solved = await token('web_unauth');
    clock.advance(ALTCHA_CHALLENGE_TTL_MS + 1);
    expect(await altcha.verify(check(solved))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses tampering: a changed action, a wrong solution, another key', async () => {
    const challenge = await altcha.createChallenge('web_reset_password', 'standard');
    const solution = await solveChallenge({ challenge, deriveKey });
    const forged = {
      challenge: {
        ...challenge,
        parameters: {
          ...challenge.parameters,
          data: { ...challenge.parameters.data, action: 'web_unauth' },
        },
      },
      solution,
    };
    expect(
      await altcha.verify(check(Buffer.from(JSON.stringify(forged)).toString('base64'))),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const honest = await altcha.createChallenge('web_unauth', 'standard');
    const wrong = { challenge: honest, solution: { counter: 1, derivedKey: '00'.repeat(32) } };
    expect(
      await altcha.verify(check(Buffer.from(JSON.stringify(wrong)).toString('base64'))),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const stranger = createAltchaCaptcha({ db: handle.db, hmacKey: newSecret(), now: clock.now });
    const foreign = await solvedToken(await stranger.createChallenge('web_unauth', 'standard'));
    expect(await altcha.verify(check(foreign))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses missing and malformed tokens', async () => {
    expect(await altcha.verify(check(undefined))).toEqual({ ok: false, reason: 'missing' });
    expect(await altcha.verify(check(''))).toEqual({ ok: false, reason: 'missing' });
    for (const junk of [
      'not base64 at all',
      Buffer.from('{"challenge":1}').toString('base64'),
      'x'.repeat(5000),
    ]) {
      expect(await altcha.verify(check(junk))).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('forgets redemptions once they expire', async () => {
    const solved = await token('web_unauth');
    expect((await altcha.verify(check(solved))).ok).toBe(true);
    clock.advance(ALTCHA_CHALLENGE_TTL_MS + 1);
    expect(await purgeRedemptions(handle.db, clock.now())).toBeGreaterThanOrEqual(1);
  });
});
