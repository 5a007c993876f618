// The reCAPTCHA Enterprise verifier against a loopback server speaking the assessments API:
// the request it sends, and how it judges valid, low-score, wrong-action, invalid and failing
// answers.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecaptchaConfig } from '../../config/config.ts';
import type { CaptchaCheck } from './captcha.ts';
import { startAssessmentServer } from '../../test/captcha-peers.ts';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise.ts';

let peer: Awaited<ReturnType<typeof startAssessmentServer>>;
let config: RecaptchaConfig;

function check(token: string | undefined, overrides: Partial<CaptchaCheck> = {}): CaptchaCheck {
  return {
    token,
    actions: ['web_unauth', 'mweb_login'],
    level: 'standard',
    remoteIp: '198.51.100.7',
    userAgent: 'vitest-agent',
    ...overrides,
  };
}

beforeAll(async () => {
  peer = await startAssessmentServer();
  config = {
    endpoint: peer.url,
    projectId: 'corkboard-test',
    siteKey: 'score-site-key',
    challengeSiteKey: 'checkbox-site-key',
    apiKey: 'test-api-key',
    scoreThreshold: 0.5,
  };
});

afterAll(async () => {
  await new Promise<void>((resolve) => peer.server.close(() => resolve()));
});

describe('reCAPTCHA Enterprise verifier', () => {
  const verifier = () =>
    createRecaptchaEnterpriseVerifier({ config, log: pino({ level: 'silent' }) });

  it('creates an assessment in the real request shape and accepts a good token', async () => {
    const before = peer.requests.length;
    expect(await verifier().verify(check('good:web_unauth'))).toEqual({ ok: true });
    const sent = peer.requests[before];
    expect(sent?.path).toBe('/v1/projects/corkboard-test/assessments?key=test-api-key');
    expect(sent?.body.event).toEqual({
      token: 'good:web_unauth',
      siteKey: 'score-site-key',
      userIpAddress: '198.51.100.7',
      userAgent: 'vitest-agent',
    });
    // With a single possible action it is sent as expectedAction.
    await verifier().verify(check('good:web_reset_password', { actions: ['web_reset_password'] }));
    expect(peer.requests.at(-1)?.body.event['expectedAction']).toBe('web_reset_password');
  });

  it('refuses a score under the threshold', async () => {
    expect(await verifier().verify(check('low:web_unauth'))).toEqual({
      ok: false,
      reason: 'low_score',
    });
  });

  it('refuses a token minted for another action', async () => {
    expect(await verifier().verify(check('good:mweb_signup'))).toEqual({
      ok: false,
      reason: 'wrong_action',
    });
  });

  it('refuses invalid and expired tokens, and a missing one without asking', async () => {
    expect(await verifier().verify(check('invalid'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifier().verify(check('expired'))).toEqual({ ok: false, reason: 'expired' });
    const before = peer.requests.length;
    expect(await verifier().verify(check(undefined))).toEqual({ ok: false, reason: 'missing' });
    expect(peer.requests.length).toBe(before);
  });

  it('checks step-up tokens against the checkbox key, without the score threshold', async () => {
    expect(await verifier().verify(check('low:mweb_login', { level: 'challenge' }))).toEqual({
      ok: true,
    });
    expect(peer.requests.at(-1)?.body.event['siteKey']).toBe('checkbox-site-key');
  });

  it('fails closed when the service errors or cannot be reached', async () => {
    expect(await verifier().verify(check('error'))).toEqual({ ok: false, reason: 'unavailable' });
    const unreachable = createRecaptchaEnterpriseVerifier({
      config: { ...config, endpoint: 'http://127.0.0.1:9' },
      log: pino({ level: 'silent' }),
    });
    expect(await unreachable.verify(check('good:web_unauth'))).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('tells the page which keys to load', () => {
    expect(verifier().clientConfig()).toEqual({
      provider: 'recaptcha',
      site_key: 'score-site-key',
      challenge_site_key: 'checkbox-site-key',
    });
  });
});
