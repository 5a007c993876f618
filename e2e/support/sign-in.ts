// Signing a browser context in as a seeded demo person through the API, for journeys whose
// subject is not logging in (the log-in form itself is auth.e2e.test.ts's, the personalized and
// switching log-ins account-switching's). The same requests the log-in form sends: the embedded
// captcha's ALTCHA challenge, solved here (node:crypto instead of the page's WebCrypto), then
// POST /v3/login/ with the CSRF header. The context's request client shares the context's
// cookies, so the session lands where the journey's pages will use it.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BrowserContext } from 'playwright-core';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';

/** The web app's own header name and cookie (apps/api/src/plugins/app/csrf.ts). */
const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

interface Envelope<T> {
  resource_response: { data: T; code: number };
}

/** A captcha token for `action`: base64(JSON {challenge, solution}), as the page packs it. */
async function captchaToken(context: BrowserContext, baseURL: string): Promise<string> {
  const answer = await context.request.get(
    `${baseURL}/v3/captcha/challenge/?action=web_unauth&level=standard`,
  );
  if (!answer.ok()) throw new Error(`captcha challenge answered ${answer.status()}`);
  const challenge = ((await answer.json()) as Envelope<Challenge>).resource_response.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge was not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * Signs `context` in as the demo person `username` (their documented password). Each journey
 * file has a server of its own (journey-server.ts), so its sessions are its own.
 */
export async function signInAsDemoUser(
  context: BrowserContext,
  baseURL: string,
  username: string,
): Promise<void> {
  // The challenge's GET also gives the context its CSRF cookie.
  const token = await captchaToken(context, baseURL);
  const csrf = (await context.cookies(baseURL)).find((cookie) => cookie.name === CSRF_COOKIE);
  if (!csrf) throw new Error('no CSRF cookie after the first request');
  const response = await context.request.post(`${baseURL}/v3/login/`, {
    headers: { [CSRF_HEADER]: csrf.value },
    data: {
      username_or_email: demoEmail(username),
      password: DEMO_PASSWORD,
      recaptchaV3Token: token,
      isAccountSwitch: false,
    },
  });
  if (!response.ok()) {
    throw new Error(
      `log-in of ${username} answered ${response.status()}: ${await response.text()}`,
    );
  }
}
