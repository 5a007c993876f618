// Every page the peers serve, in Chromium: axe-core (no serious or critical violations),
// keyboard-only sign-in on the choosers, and the two script stand-ins (Google Identity Services
// button and one tap, Facebook SDK login) driven from a page the way the product will use them.
// Run: `npm run check:a11y -w @corkboard/dev-peers` (Debian's Chromium, as the e2e journeys use).
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { decodeJwt } from 'jose';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  DEV_ENTERPRISE,
  DEV_FACEBOOK,
  DEV_GOOGLE,
  DEV_INSTAGRAM,
  DEV_LINE,
  DEV_STRIPE,
  DEV_TWILIO,
} from './credentials.ts';
import { startDevPeers } from './launcher.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these Chromium tries to reach Google's services on this closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface Failure {
  readonly check: string;
  readonly detail: string;
}
const failures: Failure[] = [];
let passed = 0;

async function check(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    passed++;
    console.log(`ok    ${name}`);
  } catch (error) {
    failures.push({ check: name, detail: error instanceof Error ? error.message : String(error) });
    console.log(`FAIL  ${name}\n      ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  if (serious.length) {
    throw new Error(
      serious
        .map(
          (v) =>
            `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        )
        .join('; '),
    );
  }
}

/** Presses Tab until the focused element's accessible text is `label`, then Enter. */
async function keyboardActivate(page: Page, label: string): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === label) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`"${label}" was not reached with Tab`);
}

// A stand-in for the product: it receives redirects and hosts the pages using the script stand-ins.
const app = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  if (url.pathname === '/gsi') {
    res.end(`<!doctype html><html lang="en"><head><title>GIS test page</title></head><body><main><h1>GIS test page</h1>
<div id="button"></div><output id="result"></output>
<script src="${url.searchParams.get('src') ?? ''}"></script>
<script>
google.accounts.id.initialize({ client_id: ${JSON.stringify(DEV_GOOGLE.clientId)}, nonce: 'page-nonce', callback: function (r) { document.getElementById('result').textContent = JSON.stringify(r); } });
google.accounts.id.renderButton(document.getElementById('button'), { text: 'continue_with' });
</script></main></body></html>`);
    return;
  }
  if (url.pathname === '/fb') {
    res.end(`<!doctype html><html lang="en"><head><title>FB test page</title></head><body><main><h1>FB test page</h1>
<button type="button" id="login">Log in with Facebook</button><output id="result"></output>
<script>
window.fbAsyncInit = function () { FB.init({ appId: ${JSON.stringify(DEV_FACEBOOK.appId)}, version: 'v2.7' }); };
document.getElementById('login').addEventListener('click', function () {
  FB.login(function (r) { document.getElementById('result').textContent = JSON.stringify(r); }, { scope: 'public_profile,email,user_friends' });
});
</script>
<script src="${url.searchParams.get('src') ?? ''}"></script></main></body></html>`);
    return;
  }
  res.end(
    `<!doctype html><html lang="en"><head><title>Callback</title></head><body><main><h1>Callback reached</h1></main></body></html>`,
  );
});
await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
const appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

const peers = await startDevPeers({ appOrigins: [appOrigin] });
if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  headless: true,
});

function authorizeUrl(
  issuer: string,
  path: string,
  clientId: string,
  redirectPath: string,
): string {
  const url = new URL(`${issuer}${path}`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${appOrigin}${redirectPath}`,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'a11y',
    nonce: 'a11y',
  }).toString();
  return url.href;
}

const pages: [string, () => string][] = [
  [
    'Google chooser',
    () =>
      authorizeUrl(
        peers.urls.googleIssuer,
        '/o/oauth2/v2/auth',
        DEV_GOOGLE.clientId,
        '/api/auth/oauth2/callback/google',
      ),
  ],
  [
    'LINE chooser',
    () =>
      authorizeUrl(
        peers.urls.lineIssuer,
        '/oauth2/v2.1/authorize',
        DEV_LINE.channelId,
        '/api/auth/oauth2/callback/line',
      ),
  ],
  [
    'enterprise chooser',
    () =>
      authorizeUrl(
        peers.urls.enterpriseIssuer,
        '/auth',
        DEV_ENTERPRISE.clientId,
        `/api/auth/sso/callback/${DEV_ENTERPRISE.providerId}`,
      ),
  ],
  [
    'OIDC error page (unregistered redirect URI)',
    () =>
      authorizeUrl(
        peers.urls.googleIssuer,
        '/o/oauth2/v2/auth',
        DEV_GOOGLE.clientId,
        '/not-registered',
      ),
  ],
  ['OIDC index', () => `${peers.urls.oidc}/`],
  [
    'GIS chooser',
    () =>
      `${peers.urls.googleIssuer}/gsi/select?client_id=${encodeURIComponent(DEV_GOOGLE.clientId)}&origin=${encodeURIComponent(appOrigin)}`,
  ],
  [
    'Facebook dialog',
    () =>
      `${peers.urls.facebook}/v2.7/dialog/oauth?client_id=${DEV_FACEBOOK.appId}&redirect_uri=${encodeURIComponent(`${appOrigin}/connect/facebook/`)}&response_type=token&scope=public_profile,email,user_birthday`,
  ],
  ['Facebook index', () => `${peers.urls.facebook}/`],
  [
    'Instagram authorize',
    () =>
      `${peers.urls.instagram}/oauth/authorize?client_id=${DEV_INSTAGRAM.appId}&redirect_uri=${encodeURIComponent(`${appOrigin}/settings/claim/instagram/callback/`)}&scope=user_profile,user_media&response_type=code`,
  ],
  ['SMS outbox', () => peers.urls.smsOutbox],
  ['URL reputation lists', () => `${peers.urls.safeBrowsing}/`],
  ['DNS zone editor', () => peers.urls.dnsControl],
  [
    'OIDC expired interaction page',
    () => `${peers.urls.googleIssuer}/interaction/expired-or-unknown`,
  ],
  ['enterprise sign-out page', () => `${peers.urls.enterpriseIssuer}/session/end`],
  [
    'Facebook error page (URL blocked)',
    () =>
      `${peers.urls.facebook}/v2.7/dialog/oauth?client_id=${DEV_FACEBOOK.appId}&redirect_uri=${encodeURIComponent(`${appOrigin}/not-registered/`)}`,
  ],
  [
    'Facebook SDK landing page',
    () => `${peers.urls.facebook}/connect/xd_arbiter/?origin=${encodeURIComponent(appOrigin)}`,
  ],
  ['Instagram post page', () => `${peers.urls.instagram}/p/9000000000000101/`],
  ['SMS error code page', () => `${peers.urls.sms}/docs/errors/21211`],
];

try {
  // Content for the pages that list things.
  await fetch(`${peers.urls.sms}/2010-04-01/Accounts/${DEV_TWILIO.accountSid}/Messages.json`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEV_TWILIO.accountSid}:${DEV_TWILIO.authToken}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      To: '+15551230000',
      From: DEV_TWILIO.fromNumber,
      Body: 'Your Corkboard code is 123456',
    }),
  });
  peers.dns.setTxt('_corkboard-challenge.breadnotes.example', ['corkboard-site-verification=abc']);

  for (const [name, url] of pages) {
    await check(`axe: ${name}`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url());
      await axe(page);
      await context.close();
    });
  }

  await check('axe: chooser with an error message', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pages[0]?.[1]() ?? '');
    await page.fill('#new-email', 'not-an-address@x');
    await page.click('text=Continue with this account');
    await page.waitForSelector('[role=alert]');
    await axe(page);
    await context.close();
  });

  await check('axe: 3-D Secure test page', async () => {
    const response = await fetch(`${peers.urls.stripe}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${DEV_STRIPE.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        amount: '1000',
        currency: 'usd',
        payment_method: 'pm_card_authenticationRequiredSetupForOffSession',
        confirm: 'true',
        return_url: `${appOrigin}/billing/`,
      }),
    });
    const intent = (await response.json()) as { next_action: { redirect_to_url: { url: string } } };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(intent.next_action.redirect_to_url.url);
    await axe(page);
    await keyboardActivate(page, 'Complete authentication');
    await page.waitForURL(
      (url) => url.origin === appOrigin && url.searchParams.get('redirect_status') === 'succeeded',
    );
    await context.close();
  });

  await check(
    'keyboard: Google sign-in by Tab and Enter reaches the callback with a code',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(pages[0]?.[1]() ?? '');
      await keyboardActivate(page, 'Continue as Ada Lovelace');
      await page.waitForURL((url) => url.origin === appOrigin && url.searchParams.has('code'));
      await context.close();
    },
  );

  await check(
    'keyboard: Facebook Cancel reaches the callback with error=access_denied',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(pages.find(([name]) => name === 'Facebook dialog')?.[1]() ?? '');
      await keyboardActivate(page, 'Cancel');
      await page.waitForURL(
        (url) => url.origin === appOrigin && url.searchParams.get('error') === 'access_denied',
      );
      await context.close();
    },
  );

  await check('GIS button: popup chooser hands the page a credential (select_by btn)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appOrigin}/gsi?src=${encodeURIComponent(peers.urls.googleGsiClient)}`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.click('text=Continue with Google'),
    ]);
    await popup.waitForLoadState();
    await axe(popup);
    await popup.click('text=Continue as Grace Hopper');
    const result = page.locator('#result');
    await result.filter({ hasText: 'credential' }).waitFor();
    const response = JSON.parse((await result.textContent()) ?? '{}') as {
      credential: string;
      select_by: string;
    };
    if (response.select_by !== 'btn') throw new Error(`select_by ${response.select_by}`);
    const claims = decodeJwt(response.credential);
    if (
      claims.email !== 'grace.hopper@example.org' ||
      claims.nonce !== 'page-nonce' ||
      claims.aud !== DEV_GOOGLE.clientId
    ) {
      throw new Error(`unexpected claims ${JSON.stringify(claims)}`);
    }
    await context.close();
  });

  await check(
    'GIS one tap: the prompt frame hands the page a credential (select_by user)',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${appOrigin}/gsi?src=${encodeURIComponent(peers.urls.googleGsiClient)}`);
      await page.evaluate(() =>
        (
          window as unknown as { google: { accounts: { id: { prompt(): void } } } }
        ).google.accounts.id.prompt(),
      );
      const frame = page.frameLocator('iframe[data-dev-gsi-onetap]');
      await frame.locator('text=Continue as Alan Turing').click();
      const result = page.locator('#result');
      await result.filter({ hasText: 'credential' }).waitFor();
      const response = JSON.parse((await result.textContent()) ?? '{}') as {
        credential: string;
        select_by: string;
      };
      if (
        response.select_by !== 'user' ||
        decodeJwt(response.credential).hd !== 'bletchley.example'
      ) {
        throw new Error(`unexpected response ${JSON.stringify(response)}`);
      }
      if (await page.locator('iframe[data-dev-gsi-onetap]').count())
        throw new Error('the one-tap frame stayed');
      await axe(page);
      await context.close();
    },
  );

  await check('Facebook SDK: FB.login popup answers connected with an access token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(
      `${appOrigin}/fb?src=${encodeURIComponent(`${peers.urls.facebookSdkBase}/es_LA/sdk.js`)}`,
    );
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#login')]);
    await popup.waitForLoadState();
    await popup.click('text=Continue as Noor Haddad');
    const result = page.locator('#result');
    await result.filter({ hasText: 'connected' }).waitFor();
    const response = JSON.parse((await result.textContent()) ?? '{}') as {
      status: string;
      authResponse: { accessToken: string; userID: string };
    };
    if (response.authResponse.userID !== '10000000000000003')
      throw new Error(`unexpected ${JSON.stringify(response)}`);
    const me = await fetch(
      `${peers.urls.facebook}/v2.7/me?fields=id,email&access_token=${response.authResponse.accessToken}`,
    );
    const body = (await me.json()) as { email?: string };
    if (body.email !== 'noor.haddad@example.net')
      throw new Error(`unexpected /me ${JSON.stringify(body)}`);
    await context.close();
  });
} finally {
  await browser.close();
  await peers.stop();
  await new Promise((resolve) => app.close(resolve));
}

console.log(`\n${passed} passed, ${failures.length} failed`);
process.exitCode = failures.length ? 1 : 0;
