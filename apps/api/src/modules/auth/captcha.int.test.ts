// Captcha on the auth endpoints: with the embedded ALTCHA (challenges fetched and solved for
// real, replays refused, the IP step-up), and with reCAPTCHA Enterprise against a loopback
// assessments server.
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type {
  AuthSuccess,
  CaptchaAction,
  CaptchaClientConfig,
  CaptchaLevel,
} from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { solvedToken, startAssessmentServer } from '../../test/captcha-peers.ts';
import { IP_FAILURE_LIMIT, IP_FAILURE_RULE, limitKeys } from './limits.ts';
import { recordHit } from './rate-limits.repository.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let ipCounter = 0;

function browser(app: TestApp['app']): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(app, `172.16.0.${ipCounter}`);
}

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

describe('with ALTCHA (the default provider)', () => {
  let test: TestApp;

  async function captchaToken(
    b: TestBrowser,
    action: CaptchaAction,
    level: CaptchaLevel = 'standard',
  ) {
    const response = await b.get(`/v3/captcha/challenge/?action=${action}&level=${level}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return solvedToken(body<Challenge>(response).resource_response.data);
  }

  beforeAll(async () => {
    test = await buildTestApp(handle.db, {
      viewer: 'session',
      config: { captcha: { provider: 'altcha', altchaHmacKey: undefined, recaptcha: undefined } },
    });
  });

  afterAll(async () => {
    await test.close();
  });

  it('tells the page to use ALTCHA', async () => {
    const response = await browser(test.app).get('/v3/captcha/config/');
    expect(body<CaptchaClientConfig>(response).resource_response.data).toEqual({
      provider: 'altcha',
      site_key: null,
      challenge_site_key: null,
    });
  });

  it('refuses an unknown action for a challenge', async () => {
    const response = await browser(test.app).get('/v3/captcha/challenge/?action=steal_cookies');
    expect(errorCode(response)).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('signup and login need a solved challenge for their action, usable once', async () => {
    const b = browser(test.app);
    const email = uniqueEmail('altcha');
    const missing = await b.post('/v3/register/', signupBody({ email }));
    expect(missing.statusCode).toBe(403);
    expect(errorCode(missing)).toBe(CODES.AUTH_CAPTCHA_FAILED.code);
    expect(errorData(missing)).toMatchObject({ field: 'captcha', reason: 'missing' });

    const signupToken = await captchaToken(b, 'mweb_signup');
    expect(
      (await b.post('/v3/register/', signupBody({ email, recaptchaV3Token: signupToken })))
        .statusCode,
    ).toBe(200);
    await b.post('/v3/logout/');

    // The same solution again (replay) is refused, and so is one for another action.
    const replay = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: signupToken,
    });
    expect(errorCode(replay)).toBe(CODES.AUTH_CAPTCHA_FAILED.code);
    const resetToken = await captchaToken(b, 'web_reset_password');
    const wrongAction = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: resetToken,
    });
    expect(errorData(wrongAction)['reason']).toBe('wrong_action');

    const loginToken = await captchaToken(b, 'web_unauth');
    const ok = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: loginToken,
    });
    expect(ok.statusCode).toBe(200);
    expect(body<AuthSuccess>(ok).resource_response.data.user.email).toBe(email);
    const again = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: loginToken,
    });
    expect(errorData(again)['reason']).toBe('replayed');
  });

  it('forgot-password needs a reset-password token', async () => {
    const b = browser(test.app);
    const without = await b.post('/v3/users/forgot_password/', {
      username_or_email: uniqueEmail(),
    });
    expect(errorCode(without)).toBe(CODES.AUTH_CAPTCHA_FAILED.code);
    const token = await captchaToken(b, 'web_reset_password');
    const withToken = await b.post('/v3/users/forgot_password/', {
      username_or_email: uniqueEmail(),
      recaptchaV3Token: token,
    });
    expect(withToken.statusCode).toBe(200);
  });

  it('after too many failures from one IP, login needs the step-up challenge', async () => {
    const owner = browser(test.app);
    const email = uniqueEmail('stepup');
    await owner.post(
      '/v3/register/',
      signupBody({ email, recaptchaV3Token: await captchaToken(owner, 'web_unauth') }),
    );

    const b = browser(test.app);
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      await recordHit(handle.db, limitKeys.ipFailures(b.ip), IP_FAILURE_RULE, test.clock.now());
    }
    const standardOnly = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: await captchaToken(b, 'web_unauth'),
    });
    expect(standardOnly.statusCode).toBe(429);
    expect(errorCode(standardOnly)).toBe(CODES.AUTH_LOGIN_TOO_FAST_IP.code);
    expect(errorData(standardOnly)).toMatchObject({
      captcha_level: 'challenge',
      reason: 'missing',
    });

    // A standard solution does not count as the step-up.
    const weak = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV2Token: await captchaToken(b, 'web_unauth'),
    });
    expect(errorData(weak)['reason']).toBe('wrong_level');

    const stepUp = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV2Token: await captchaToken(b, 'web_unauth', 'challenge'),
    });
    expect(stepUp.statusCode).toBe(200);
  });
});

describe('with reCAPTCHA Enterprise', () => {
  let test: TestApp;
  let peer: Awaited<ReturnType<typeof startAssessmentServer>>;

  beforeAll(async () => {
    peer = await startAssessmentServer();
    test = await buildTestApp(handle.db, {
      viewer: 'session',
      config: {
        captcha: {
          provider: 'recaptcha',
          altchaHmacKey: undefined,
          recaptcha: {
            endpoint: peer.url,
            projectId: 'corkboard-test',
            siteKey: 'score-key',
            challengeSiteKey: 'checkbox-key',
            apiKey: 'api-key',
            scoreThreshold: 0.5,
          },
        },
      },
    });
  });

  afterAll(async () => {
    await test.close();
    await new Promise<void>((resolve) => peer.server.close(() => resolve()));
  });

  it('gives the page the site keys and offers no ALTCHA challenges', async () => {
    const b = browser(test.app);
    const config = await b.get('/v3/captcha/config/');
    expect(body<CaptchaClientConfig>(config).resource_response.data).toEqual({
      provider: 'recaptcha',
      site_key: 'score-key',
      challenge_site_key: 'checkbox-key',
    });
    expect((await b.get('/v3/captcha/challenge/?action=web_unauth')).statusCode).toBe(404);
  });

  it('assesses the signup and login tokens, refusing low scores and other actions', async () => {
    const b = browser(test.app);
    const email = uniqueEmail('recaptcha');
    const low = await b.post(
      '/v3/register/',
      signupBody({ email, recaptchaV3Token: 'low:web_unauth' }),
    );
    expect(errorCode(low)).toBe(CODES.AUTH_CAPTCHA_FAILED.code);
    expect(errorData(low)['reason']).toBe('low_score');
    const signup = await b.post(
      '/v3/register/',
      signupBody({ email, recaptchaV3Token: 'good:web_unauth' }),
    );
    expect(signup.statusCode).toBe(200);
    expect(peer.requests.at(-1)?.body.event).toMatchObject({
      token: 'good:web_unauth',
      siteKey: 'score-key',
      userIpAddress: b.ip,
    });
    await b.post('/v3/logout/');

    const wrong = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: 'good:mweb_signup',
    });
    expect(errorData(wrong)['reason']).toBe('wrong_action');
    const ok = await b.post('/v3/login/', {
      username_or_email: email,
      password: GOOD_PASSWORD,
      recaptchaV3Token: 'good:mweb_login',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('content security policy', () => {
  it("allows Google's reCAPTCHA origins only when reCAPTCHA is the provider", async () => {
    const plain = await buildTestApp(handle.db, { viewer: 'session' });
    const google = await buildTestApp(handle.db, {
      viewer: 'session',
      config: {
        captcha: {
          provider: 'recaptcha',
          altchaHmacKey: undefined,
          recaptcha: {
            endpoint: 'http://127.0.0.1:9',
            projectId: 'p',
            siteKey: 's',
            challengeSiteKey: 's',
            apiKey: 'k',
            scoreThreshold: 0.5,
          },
        },
      },
    });
    try {
      const csp = async (app: TestApp['app']) =>
        String(
          (await app.inject({ method: 'GET', url: '/v3/captcha/config/' })).headers[
            'content-security-policy'
          ],
        );
      expect(await csp(plain.app)).not.toContain('google');
      const withGoogle = await csp(google.app);
      expect(withGoogle).toContain(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(withGoogle).toContain('frame-src https://www.google.com/recaptcha/');
    } finally {
      await plain.close();
      await google.close();
    }
  });
});
