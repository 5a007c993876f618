// /settings/security/: the visitor gate, re-authentication before a change, authenticator-app
// enrolment (QR, confirm, backup codes once), removal, the server's messages, and re-authenticating
// with a passkey ('Use a passkey', ADR 189).
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { failure } from '@corkboard/shared/envelope';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import type { SecurityState } from './hooks.ts';

// jsdom has no authenticator: the browser's prompt answers with this assertion, or is closed.
const { startAuthentication } = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof WebAuthnBrowser>()),
  startAuthentication,
}));
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`;
const CODES = ['ab3de5ghjk', 'mn4pq6rstu'];

function apiFail(name: keyof typeof ERROR_CODES, data?: Record<string, unknown>): Response {
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

function off(overrides: Partial<SecurityState> = {}): SecurityState {
  return {
    totp_enabled: false,
    sms_phone_number_end: null,
    backup_codes_left: 0,
    has_password: true,
    passkey_count: 0,
    reauthenticated_until: null,
    ...overrides,
  };
}

function later(): string {
  return new Date(Date.now() + 10 * 60_000).toISOString();
}

describe('security settings', () => {
  test('a visitor is asked to log in and nothing is fetched', async () => {
    const api = stubApi(() => undefined);
    renderApp('/settings/security/');
    expect(
      await screen.findByRole('heading', { name: 'Log in to see your settings' }),
    ).toBeInTheDocument();
    expect(api.requests().filter((path) => path.includes('/security/'))).toEqual([]);
  });

  test('/settings/security/ opens the security page, marked in the navigation', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/') return ok(off());
      return undefined;
    });
    renderApp('/settings/security/');
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('setting up an app: password first, then the QR code, a code, and the backup codes once', async () => {
    let state = off();
    const api = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/') return ok(state);
      if (url.pathname === '/v3/users/me/security/reauth/' && method === 'POST') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
          password?: string;
        };
        if (body.password !== 'my-password') return apiFail('REAUTH_FAILED', { field: 'password' });
        state = { ...state, reauthenticated_until: later() };
        return ok(state);
      }
      if (url.pathname === '/v3/users/me/security/totp/') {
        return ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: QR });
      }
      if (url.pathname === '/v3/users/me/security/totp/verify/') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
          code?: string;
        };
        if (body.code !== '123456') return apiFail('AUTH_MFA_CODE_INVALID', { field: 'code' });
        state = { ...state, totp_enabled: true, backup_codes_left: 2 };
        return ok({ backup_codes: CODES });
      }
      return undefined;
    });
    renderApp('/settings/security/');
    expect(
      await screen.findByText(
        'Two-factor authentication is off. Add an authenticator app or your phone to turn it on.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));

    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining("That didn't match.")),
    );
    fireEvent.change(password, { target: { value: 'my-password' } });
    fireEvent.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    const setup = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
    expect(
      within(setup).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', QR);
    expect(within(setup).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    fireEvent.change(within(setup).getByLabelText('Code from the app'), {
      target: { value: '000000' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(setup).findByText("That code didn't work. Check it and try again."),
    ).toBeInTheDocument();
    fireEvent.change(within(setup).getByLabelText('Code from the app'), {
      target: { value: '123 456' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Turn on' }));

    const saved = await screen.findByRole('dialog', { name: 'Save your backup codes' });
    for (const code of CODES) expect(within(saved).getByText(code)).toBeInTheDocument();
    fireEvent.click(within(saved).getByRole('button', { name: 'I saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(screen.getByText('Backup codes left: 2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your authenticator app is set up.');
    expect(api.requests()).toContain('/v3/users/me/security/totp/verify/');
  });

  test('removing the app when the session re-authenticated lately asks nothing more', async () => {
    let state = off({ totp_enabled: true, backup_codes_left: 10, reauthenticated_until: later() });
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/') return ok(state);
      if (url.pathname === '/v3/users/me/security/factors/totp/' && init?.method === 'DELETE') {
        state = { ...state, totp_enabled: false, backup_codes_left: 0 };
        return ok(state);
      }
      return undefined;
    });
    renderApp('/settings/security/');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove authenticator app' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your authenticator app was removed.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
  });

  test("the server's REAUTH_REQUIRED opens the password step even when the page thought otherwise", async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/')
        return ok(off({ reauthenticated_until: later() }));
      if (url.pathname === '/v3/users/me/security/totp/') return apiFail('REAUTH_REQUIRED');
      return undefined;
    });
    renderApp('/settings/security/');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeInTheDocument();
  });

  test('passkeys: listed with their dates, renamed, and removed only after confirming it is you', async () => {
    // jsdom has no WebAuthn; the card only needs to know the browser has it.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    let state = off({ passkey_count: 1, backup_codes_left: 10 });
    let passkeys = [
      {
        id: '7',
        name: 'Laptop',
        created_at: '2026-11-20T10:00:00.000Z',
        last_used_at: null,
        synced: false,
      },
    ];
    const api = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/') return ok(state);
      if (url.pathname === '/v3/users/me/security/passkeys/' && method === 'GET')
        return ok({ passkeys, max: 20 });
      if (url.pathname === '/v3/users/me/security/passkeys/7/' && method === 'PUT') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
          name: string;
        };
        passkeys = [{ ...passkeys[0]!, name: body.name }];
        return ok(passkeys[0]);
      }
      if (url.pathname === '/v3/users/me/security/reauth/' && method === 'POST') {
        state = { ...state, reauthenticated_until: later() };
        return ok(state);
      }
      if (url.pathname === '/v3/users/me/security/passkeys/7/' && method === 'DELETE') {
        if (!state.reauthenticated_until) return apiFail('REAUTH_REQUIRED');
        passkeys = [];
        state = { ...state, passkey_count: 0, backup_codes_left: 0 };
        return ok({ passkeys, max: 20 });
      }
      return undefined;
    });
    renderApp('/settings/security/');
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Laptop')).toBeInTheDocument();
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    expect(screen.getByText('Two-factor authentication is on.')).toBeInTheDocument();

    fireEvent.click(within(list).getByRole('button', { name: 'Rename Laptop' }));
    const field = within(list).getByLabelText('Passkey name');
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Work laptop')).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/security/passkeys/7/')).toContainEqual({ name: 'Work laptop' });

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    // Nothing is removed before the person confirms it is them.
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Work laptop was removed.')).toBeInTheDocument();
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  test("'Use a passkey' in the re-authentication step: a closed prompt says so, a passkey confirms", async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    startAuthentication
      .mockRejectedValueOnce(new Error('NotAllowedError'))
      .mockResolvedValueOnce(ASSERTION);
    let state = off({ passkey_count: 1, backup_codes_left: 10 });
    const api = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/') return ok(state);
      if (url.pathname === '/v3/users/me/security/reauth/passkey/options/' && method === 'POST') {
        return ok({
          challenge: 'Y2hhbGxlbmdl',
          userVerification: 'required',
          allowCredentials: [],
        });
      }
      if (url.pathname === '/v3/users/me/security/reauth/' && method === 'POST') {
        state = { ...state, reauthenticated_until: later() };
        return ok(state);
      }
      if (url.pathname === '/v3/users/me/security/totp/') {
        return ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: QR });
      }
      return undefined;
    });
    renderApp('/settings/security/');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(reauth).getByText('Or confirm with one of your passkeys.')).toBeInTheDocument();
    const usePasskey = within(reauth).getByRole('button', { name: 'Use a passkey' });

    fireEvent.click(usePasskey);
    expect(await within(reauth).findByRole('alert')).toHaveTextContent(
      "The passkey prompt was closed before it finished. Try again when you're ready.",
    );
    expect(api.requests()).not.toContain('/v3/users/me/security/reauth/');

    fireEvent.click(usePasskey);
    expect(
      await screen.findByRole('dialog', { name: 'Set up your authenticator app' }),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/security/reauth/')).toEqual([{ passkey: ASSERTION }]);
    vi.unstubAllGlobals();
  });

  test("without a passkey the step offers no 'Use a passkey'", async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/security/passkeys/') return ok({ passkeys: [], max: 20 });
      if (url.pathname === '/v3/users/me/security/') return ok(off());
      return undefined;
    });
    renderApp('/settings/security/');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(reauth).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    vi.unstubAllGlobals();
  });
});
