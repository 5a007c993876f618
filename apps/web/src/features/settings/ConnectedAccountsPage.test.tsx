// Connecting a provider on /settings/connected/ (ADR 188) against a stubbed API and a stand-in
// for the Google Identity Services library (the script the loader inserts is answered here):
// Connect asks for the password, the provider's button hands over a token, both go to the
// server, the list updates and focus lands on the row's Disconnect; a token that arrives before
// the password waits for it, a wrong password keeps it, and the server's refusals read as the
// page's sentences; LINE outside Japan has no Connect; a blocked Facebook pop-up says so.
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import type { ConnectedAccounts } from '@corkboard/shared/auth/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import type { GoogleIdConfiguration } from '../auth/googleIdentity.ts';

const GSI_BASE = 'http://127.0.0.1:9/google/gsi/client';
let gsiUrl = GSI_BASE;
let testNumber = 0;
const CONNECT_GOOGLE = '/v3/users/me/connected_accounts/google/';
/** The first render loads the settings chunk; a busy machine needs more than the default. */
const FIRST_RENDER_TIMEOUT_MS = 30_000;

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

function accounts(hasPassword: boolean, google = false): ConnectedAccounts {
  return {
    has_password: hasPassword,
    accounts: [
      {
        provider: 'google',
        connected: google,
        connected_at: google ? '2026-11-28T07:00:00Z' : null,
      },
      { provider: 'facebook', connected: false, connected_at: null },
      { provider: 'line', connected: false, connected_at: null },
    ],
  };
}

/** The API: signed in, Google and Facebook offered (LINE too, but the visitor is not in JP). */
function stubSettingsApi(options: {
  hasPassword: boolean;
  connect?: (body: Record<string, unknown>) => Response;
}) {
  let list = accounts(options.hasPassword);
  return stubApi((url, init) => {
    switch (url.pathname) {
      case '/v3/users/me/':
        return ok(makeAuthUser());
      case '/v3/users/me/connected_accounts/':
        return ok(list);
      case '/v3/auth/providers/':
        return ok({
          dev_peers: true,
          google: { client_id: 'client-1.apps.test', gsi_client_url: gsiUrl },
          facebook: {
            app_id: '100000000000001',
            sdk_base_url: 'http://127.0.0.1:9/facebook',
            dialog_url: 'http://127.0.0.1:9/facebook',
            graph_version: 'v2.7',
          },
          line: { enabled: true },
          sso: { enabled: false },
          country: 'US',
        });
      case '/v3/auth/nonce/':
        return ok({ nonce: 'nonce-1', expires_at: new Date().toISOString() });
      case CONNECT_GOOGLE: {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
          string,
          unknown
        >;
        const answer = options.connect?.(body);
        if (answer?.ok) list = accounts(options.hasPassword, true);
        return answer ?? ok(list);
      }
      default:
        return undefined;
    }
  });
}

let configured: GoogleIdConfiguration | undefined;
let observer: MutationObserver;

/** Answers the library's script tag like the browser would: `google.accounts.id`, then load. */
function installLibraryStandIn() {
  observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || node.src !== gsiUrl) continue;
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

beforeEach(() => {
  testNumber += 1;
  gsiUrl = `${GSI_BASE}?test=${testNumber}`;
  configured = undefined;
  installLibraryStandIn();
});

afterEach(() => {
  observer.disconnect();
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

async function openGooglePanel() {
  fireEvent.click(
    await screen.findByRole(
      'button',
      { name: 'Connect Google' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    ),
  );
}

describe('connecting a provider (ADR 188)', () => {
  test(
    'Connect Google: the password, then the Google button; the list updates and focus moves on',
    async () => {
      const api = stubSettingsApi({ hasPassword: true, connect: () => ok(accounts(true, true)) });
      renderApp('/settings/connected/');
      await openGooglePanel();
      const field = await screen.findByLabelText('Enter your password to connect Google');
      await waitFor(() => expect(field).toHaveFocus());
      expect(
        screen.getByText('Then continue with Google and choose the account to connect.'),
      ).toBeInTheDocument();
      expect(screen.getByText(/^Development identity provider/)).toBeInTheDocument();
      // LINE is offered only to visitors in Japan, as on the log-in page.
      expect(screen.queryByRole('button', { name: 'Connect LINE' })).toBeNull();
      expect(screen.getByText("Connecting LINE isn't available here.")).toBeInTheDocument();

      fireEvent.change(field, { target: { value: 'walnut-dovetail-93' } });
      fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      expect(
        await screen.findByText('Google is connected. You can log in with it now.'),
      ).toBeInTheDocument();
      expect(api.bodies(CONNECT_GOOGLE)).toEqual([
        { credential: 'id-token-1', password: 'walnut-dovetail-93' },
      ]);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Disconnect Google' })).toHaveFocus(),
      );
      expect(screen.queryByLabelText('Enter your password to connect Google')).toBeNull();
    },
    FIRST_RENDER_TIMEOUT_MS * 2,
  );

  test(
    'a token before the password waits for it; a wrong password keeps it; linked elsewhere says so',
    async () => {
      let attempts = 0;
      const api = stubSettingsApi({
        hasPassword: true,
        connect: () => {
          attempts += 1;
          return attempts === 1
            ? apiFail('CONNECT_ACCOUNT_REAUTH_REQUIRED', { field: 'password', has_password: true })
            : apiFail('CONNECTED_ACCOUNT_LINKED_ELSEWHERE', { provider: 'google' });
        },
      });
      renderApp('/settings/connected/');
      await openGooglePanel();
      const field = await screen.findByLabelText('Enter your password to connect Google');
      fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password.');
      expect(field).toHaveFocus();
      expect(attempts).toBe(0);

      fireEvent.change(field, { target: { value: 'wrong-one' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect Google' }));
      expect(await screen.findByText("That password isn't right.")).toBeInTheDocument();
      fireEvent.change(field, { target: { value: 'right-one' } });
      fireEvent.submit(field);
      expect(
        await screen.findByText(
          'That Google account is already connected to another Corkboard account. Log in to that account and disconnect it there first.',
        ),
      ).toBeInTheDocument();
      expect(api.bodies(CONNECT_GOOGLE)).toEqual([
        { credential: 'id-token-1', password: 'wrong-one' },
        { credential: 'id-token-1', password: 'right-one' },
      ]);
      expect(screen.queryByRole('button', { name: 'Disconnect Google' })).toBeNull();
    },
    FIRST_RENDER_TIMEOUT_MS * 2,
  );

  test(
    'without a password: no field; a blocked Facebook pop-up says so; Cancel returns focus',
    async () => {
      stubSettingsApi({ hasPassword: false });
      // The SDK never loads in this test, so the click opens the manual /connect/facebook/ pop-up.
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      renderApp('/settings/connected/');
      fireEvent.click(
        await screen.findByRole(
          'button',
          { name: 'Connect Facebook' },
          { timeout: FIRST_RENDER_TIMEOUT_MS },
        ),
      );
      expect(
        await screen.findByText('Continue with Facebook and choose the account to connect.'),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Enter your password to connect Facebook')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
      expect(open).toHaveBeenCalledWith(
        '/connect/facebook/',
        'corkboard_facebook_connect',
        expect.any(String),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('You must enable popups!');
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Connect Facebook' })).toHaveFocus(),
      );
      open.mockRestore();
    },
    FIRST_RENDER_TIMEOUT_MS * 2,
  );
});
