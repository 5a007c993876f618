// 'Continue with Google' in the auth modal against a stubbed API and a stand-in for the Google
// Identity Services library (the script the loader inserts is answered by the test): the button
// appears with the 'OR' divider only when the server offers Google; a credential with no account
// goes to the birthday step and registers with type google; an account goes straight in; a
// matching e-mail opens 'prevent Google register'; a library that fails to load, or a server
// that says Google is down, opens 'Oops! Google isn't available'.
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { clearCookies } from '../../test/cookies.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { pageLoad } from '../session/pageLoad.ts';
import type { GoogleIdConfiguration } from './googleIdentity.ts';

const GSI_BASE = 'http://127.0.0.1:9/google/gsi/client';
/** A URL per test: the loader keeps one load per URL for the page's life. */
let gsiUrl = GSI_BASE;
let testNumber = 0;
const CLIENT_ID = 'client-1.apps.test';

function apiFail(name: ErrorCodeName, data?: Record<string, unknown>): Response {
  const definition = ERROR_CODES[name];
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      data,
    }),
    { status: definition.httpStatus },
  );
}

interface Script {
  google?: boolean;
  login?: () => Response;
  register?: () => Response;
  mfaStep?: () => Response;
}

const sent: { path: string; body: Record<string, unknown> }[] = [];

function stubSocialApi(script: Script = {}) {
  return stubApi((url, init) => {
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (init?.method === 'POST') sent.push({ path: url.pathname, body });
    switch (url.pathname) {
      case '/v3/feeds/home/':
        return ok([]);
      case '/v3/auth/providers/':
        return ok({
          dev_peers: true,
          google: script.google === false ? null : { client_id: CLIENT_ID, gsi_client_url: gsiUrl },
          facebook: null,
          line: null,
          sso: { enabled: false },
          country: null,
        });
      case '/v3/auth/nonce/':
        return ok({ nonce: 'nonce-1', expires_at: new Date().toISOString() });
      case '/v3/login/':
        return script.login?.() ?? ok({ user: makeAuthUser(), next: null, reactivated: false });
      case '/v3/register/':
        return script.register?.() ?? ok({ user: makeAuthUser(), next: null, reactivated: false });
      case '/v3/login/mfa/':
        return script.mfaStep?.() ?? ok({ user: makeAuthUser(), next: null, reactivated: false });
      default:
        return undefined;
    }
  });
}

let configured: GoogleIdConfiguration | undefined;
let observer: MutationObserver;
let scriptLoads: 'load' | 'error';

/** Answers the library's script tag like the browser would: `google.accounts.id`, then load. */
function installLibraryStandIn() {
  observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || node.src !== gsiUrl) continue;
        if (scriptLoads === 'error') {
          node.dispatchEvent(new Event('error'));
          continue;
        }
        window.google = {
          accounts: {
            id: {
              initialize: (configuration) => {
                configured = configuration;
              },
              renderButton: (parent) => {
                const button = document.createElement('button');
                button.type = 'button';
                button.textContent = 'Continue with Google';
                button.addEventListener('click', () =>
                  configured?.callback({ credential: 'id-token-1', select_by: 'btn' }),
                );
                parent.replaceChildren(button);
              },
              cancel: () => undefined,
            },
          },
        };
        node.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  testNumber += 1;
  gsiUrl = `${GSI_BASE}?test=${testNumber}`;
  sent.length = 0;
  configured = undefined;
  scriptLoads = 'load';
  installLibraryStandIn();
  assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  observer.disconnect();
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  assign.mockRestore();
  clearCookies();
  window.localStorage.clear();
});

async function openSignup() {
  const button = await screen.findByRole('button', { name: 'Sign up' });
  fireEvent.click(button);
  return screen.findByRole('dialog');
}

/** The first render loads the auth chunk; a busy machine needs more than the default. */
const FIRST_RENDER_TIMEOUT_MS = 30_000;

describe('Continue with Google', () => {
  test(
    'shows the button, the OR divider and the development label when the server offers Google',
    async () => {
      stubSocialApi();
      renderApp('/');
      const dialog = await openSignup();
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      );
      expect(within(dialog).getByRole('separator')).toHaveTextContent('OR');
      expect(within(dialog).getByText(/Development identity provider/)).toBeInTheDocument();
      expect(configured).toMatchObject({
        client_id: CLIENT_ID,
        nonce: 'nonce-1',
        ux_mode: 'popup',
        context: 'signup',
      });
    },
    FIRST_RENDER_TIMEOUT_MS,
  );

  test('no Google, no button and no divider', async () => {
    stubSocialApi({ google: false });
    renderApp('/');
    const dialog = await openSignup();
    await within(dialog).findByLabelText('Email');
    await waitFor(() => expect(sent.some((s) => s.path === '/v3/auth/nonce/')).toBe(false));
    expect(within(dialog).queryByRole('separator')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  test('a new Google account: birthday step, then register with type google and the token', async () => {
    stubSocialApi({
      login: () =>
        apiFail('SOCIAL_ACCOUNT_NOT_FOUND', {
          provider: 'google',
          email_taken: false,
          profile: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        }),
    });
    renderApp('/');
    const dialog = await openSignup();
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      ),
    );
    await within(dialog).findByRole('heading', { name: 'Enter your birthdate' });
    expect(sent.find((s) => s.path === '/v3/login/')?.body).toMatchObject({
      google_open_id_token: 'id-token-1',
      login_method: 'google',
      select_by: 'btn',
    });
    fireEvent.change(within(dialog).getByLabelText('Birthdate'), {
      target: { value: '1990-05-04' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sent.find((s) => s.path === '/v3/register/')?.body).toMatchObject({
      type: 'google',
      google_open_id_token: 'id-token-1',
      birthday: Date.UTC(1990, 4, 4) / 1000,
    });
  });

  test('a connected Google account is signed in at once', async () => {
    stubSocialApi();
    renderApp('/');
    const dialog = await openSignup();
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      ),
    );
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sent.some((s) => s.path === '/v3/register/')).toBe(false);
  });

  test('an account with two-factor: the code step sends the code alone, never the Google token again (ADR 189)', async () => {
    stubSocialApi({
      login: () => apiFail('AUTH_MFA_REQUIRED', { field: 'code', phone_number_end: '0123' }),
    });
    renderApp('/');
    const dialog = await openSignup();
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      ),
    );
    await within(dialog).findByRole('heading', { name: 'Two-factor authentication required' });
    expect(dialog).toHaveTextContent('Check your phone ending in 0123 for a verification code.');
    fireEvent.change(within(dialog).getByLabelText('Verification code'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sent.map((s) => s.path).filter((path) => path.startsWith('/v3/login'))).toEqual([
      '/v3/login/',
      '/v3/login/mfa/',
    ]);
    expect(sent.find((s) => s.path === '/v3/login/mfa/')?.body).toEqual({ mfa_token: '123456' });
  });

  test("an e-mail that has an account Google isn't connected to opens 'prevent Google register'", async () => {
    stubSocialApi({
      login: () =>
        apiFail('SOCIAL_ACCOUNT_NOT_FOUND', {
          provider: 'google',
          email_taken: true,
          profile: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        }),
    });
    renderApp('/');
    const dialog = await openSignup();
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      ),
    );
    expect(
      await screen.findByText(
        "We couldn't match your Google account to any Corkboard account. Try resetting your password instead.",
      ),
    ).toBeInTheDocument();
  });

  test("a library that cannot load opens 'Oops! Google isn't available'; OK closes it", async () => {
    scriptLoads = 'error';
    stubSocialApi();
    renderApp('/');
    await openSignup();
    const heading = await screen.findByRole('heading', { name: "Oops! Google isn't available" });
    const unavailable = heading.closest('dialog');
    if (!(unavailable instanceof HTMLElement)) throw new Error('no dialog');
    expect(
      within(unavailable).getByText(
        "Looks like Google isn't available right now. Give another option a try or refresh the page and try again later.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(unavailable).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: "Oops! Google isn't available" })).toBeNull(),
    );
  });

  test('the server saying Google is down opens the same dialog', async () => {
    stubSocialApi({ login: () => apiFail('SOCIAL_PROVIDER_UNAVAILABLE', { provider: 'google' }) });
    renderApp('/');
    const dialog = await openSignup();
    fireEvent.click(
      await within(dialog).findByRole(
        'button',
        { name: 'Continue with Google' },
        { timeout: 25_000 },
      ),
    );
    expect(
      await screen.findByRole('heading', { name: "Oops! Google isn't available" }),
    ).toBeInTheDocument();
  });
});
