// The account settings forms (ADR 148–150): profile (the server's username refusal under the
// field, a new photo sent as its upload id), password (mismatch caught here, the current
// password's refusal under its field, 'set a password' for social-only accounts, the captcha
// action), connected accounts (the last way in), sessions (revoke one, no button on this one),
// deactivation (a confirming dialog, then what happens next; 'Use a passkey instead', ADR 189),
// the e-mail link page.
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { failure } from '@corkboard/shared/envelope';
import type {
  ConnectedAccounts,
  ProfileSettings,
  SessionInfo,
} from '@corkboard/shared/auth/settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

// jsdom has no authenticator: the browser's passkey prompt answers with this assertion.
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

function jsonBody(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}

const PROFILE: ProfileSettings = {
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  about: '',
  website_url: null,
  image_medium_url: null,
  email: 'ada@example.com',
};

function connected(hasPassword: boolean, google = false): ConnectedAccounts {
  return {
    has_password: hasPassword,
    accounts: [
      {
        provider: 'google',
        connected: google,
        connected_at: google ? '2026-11-01T10:00:00Z' : null,
      },
      { provider: 'facebook', connected: false, connected_at: null },
      { provider: 'line', connected: false, connected_at: null },
    ],
  };
}

describe('profile settings', () => {
  test('/settings/ opens the profile; a taken username shows under its field; saving says so', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/profile/' && init?.method === 'POST') {
        const body = jsonBody(init);
        if (body['username'] === 'taken') return apiFail('USERNAME_TAKEN', { field: 'username' });
        return ok({ ...PROFILE, ...body, website_url: 'https://ada.test/' });
      }
      if (url.pathname === '/v3/users/me/profile/') return ok(PROFILE);
      return undefined;
    });
    renderApp('/settings/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit profile' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const username = screen.getByLabelText('Username');
    expect(username).toHaveValue('ada');
    fireEvent.change(username, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining('That username is taken. Try another.'),
      ),
    );
    fireEvent.change(username, { target: { value: 'ada_l' } });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'ada.test' } });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'Looms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveValue('https://ada.test/');
    expect(api.bodies('/v3/users/me/profile/').at(-1)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      about: 'Looms',
      website_url: 'ada.test',
      username: 'ada_l',
    });
  });

  test('an empty first name is caught before asking the server', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/profile/') return ok(PROFILE);
      return undefined;
    });
    renderApp('/settings/profile/');
    const first = await screen.findByLabelText('First name');
    fireEvent.change(first, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('Add your first name.'));
    expect(api.bodies('/v3/users/me/profile/').filter(Boolean)).toEqual([]);
  });
});

describe('password settings', () => {
  test('checks the repeat, shows a wrong current password under its field, then changes it', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(true));
      if (url.pathname === '/v3/users/me/password/') {
        if (jsonBody(init)['current_password'] !== 'old-secret-1') {
          return apiFail('PASSWORD_CURRENT_INCORRECT', { field: 'current_password' });
        }
        return ok({ has_password: true, other_sessions_revoked: 2 });
      }
      return undefined;
    });
    renderApp('/settings/password/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your password' }),
    ).toBeInTheDocument();
    const current = screen.getByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'nope' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret-2' } });
    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'new-secret-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Type it again')).toHaveAccessibleDescription(
        "The passwords don't match.",
      ),
    );
    expect(api.bodies('/v3/users/me/password/')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('The password you entered is incorrect.'),
    );
    fireEvent.change(current, { target: { value: 'old-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password was changed. Other devices were logged out.'),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/password/').at(-1)).toEqual({
      current_password: 'old-secret-1',
      new_password: 'new-secret-2',
    });
  });

  test('a Google-only account sets a first password without a current one', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(false, true));
      if (url.pathname === '/v3/users/me/password/') {
        return ok({ has_password: true, other_sessions_revoked: 0 });
      }
      return undefined;
    });
    renderApp('/settings/password/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set a password' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You log in with Google. Set a password to log in with your email too.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret-2' } });
    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password is set. You can now log in with your email.'),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/password/')).toEqual([{ new_password: 'new-secret-2' }]);
  });
});

describe('connected accounts', () => {
  test('the last way in: the page warns, and the refusal links to setting a password', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/google/' && init?.method === 'DELETE') {
        return apiFail('CONNECTED_ACCOUNT_LAST_WAY_IN', { provider: 'google' });
      }
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(false, true));
      return undefined;
    });
    renderApp('/settings/connected/');
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Set a password before you disconnect your only way to log in.',
    );
    expect(within(alert).getByRole('link', { name: 'Set a password' })).toHaveAttribute(
      'href',
      '/settings/password/',
    );
    expect(screen.queryByRole('button', { name: 'Disconnect Facebook' })).toBeNull();
  });

  test('with a password: Disconnect asks for it first (ADR 165), a wrong one says so', async () => {
    let attempts = 0;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/google/' && init?.method === 'DELETE') {
        attempts += 1;
        return attempts === 1
          ? apiFail('CONNECTED_ACCOUNT_REAUTH_REQUIRED', { field: 'password', has_password: true })
          : ok(connected(true, false));
      }
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(true, true));
      return undefined;
    });
    renderApp('/settings/connected/');
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    const field = await screen.findByLabelText('Enter your password to disconnect Google');
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password.');
    expect(attempts).toBe(0);
    fireEvent.change(field, { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText("That password isn't right.")).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText('Google was disconnected.')).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/connected_accounts/google/')).toEqual([
      { password: 'wrong-one' },
      { password: 'right-one' },
    ]);
  });
});

describe('sessions', () => {
  test('lists devices, marks this one, logs out another', async () => {
    let sessions: SessionInfo[] = [
      {
        id: '7',
        device: 'Chrome on Linux',
        created_at: '2026-11-20T10:00:00Z',
        last_seen_at: '2026-11-27T10:00:00Z',
        current: true,
      },
      {
        id: '5',
        device: 'Safari on iOS',
        created_at: '2026-11-10T10:00:00Z',
        last_seen_at: '2026-11-11T10:00:00Z',
        current: false,
      },
    ];
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/sessions/5/' && init?.method === 'DELETE') {
        sessions = sessions.filter((session) => session.id !== '5');
        return ok(null);
      }
      if (url.pathname === '/v3/users/me/sessions/') return ok(sessions);
      return undefined;
    });
    renderApp('/settings/sessions/');
    const current = await screen.findByRole('heading', { name: /Chrome on Linux/ });
    expect(current).toHaveTextContent('This device');
    const revoke = screen.getAllByRole('button', {
      name: /^Log out this session \(Safari on iOS, logged in /,
    });
    expect(revoke).toHaveLength(1);
    fireEvent.click(revoke[0] as HTMLElement);
    expect(await screen.findByText('That session was logged out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Safari on iOS/)).toBeNull());
    expect(screen.getByText('No other sessions.')).toBeInTheDocument();
  });
});

describe('deactivation', () => {
  test('asks once more in a dialog, then says until when logging in brings it back', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(true));
      if (url.pathname === '/v3/users/me/deactivate/' && init?.method === 'POST') {
        if (jsonBody(init)['password'] !== 'my-password') {
          return apiFail('DEACTIVATE_REAUTH_REQUIRED', { field: 'password' });
        }
        return ok({ resurrect_until: '2026-12-26T12:00:00Z', active: null });
      }
      return undefined;
    });
    renderApp('/settings/deactivate/');
    expect(
      await screen.findByText(/Log in again within 28 days to bring everything back\./),
    ).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Enter your password to deactivate your account.',
      ),
    );
    fireEvent.change(password, { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate account' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /Your account is deactivated\. Log in before .*2026 to reactivate it\./,
    );
    expect(api.bodies('/v3/users/me/deactivate/').at(-1)).toEqual({ password: 'my-password' });
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  test('with another account held in this browser, offers to continue as that one', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(true));
      if (url.pathname === '/v3/users/me/deactivate/' && init?.method === 'POST') {
        return ok({
          resurrect_until: '2026-12-26T12:00:00Z',
          active: { id: 'u-other', username: 'other_one' },
        });
      }
      return undefined;
    });
    renderApp('/settings/deactivate/');
    fireEvent.change(await screen.findByLabelText('Password'), {
      target: { value: 'my-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('link', { name: 'Continue as other_one' })).toHaveAttribute(
      'href',
      '/other_one/',
    );
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).toBeNull();
  });
});

describe('deactivation with a passkey (ADR 189)', () => {
  test('confirms with the passkey instead of the password, then deactivates without one', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/connected_accounts/') return ok(connected(true));
      if (url.pathname === '/v3/users/me/security/') {
        return ok({
          totp_enabled: false,
          sms_phone_number_end: null,
          backup_codes_left: 10,
          has_password: true,
          passkey_count: 1,
          reauthenticated_until: null,
        });
      }
      if (url.pathname === '/v3/users/me/security/reauth/passkey/options/') {
        return ok({ challenge: 'Y2hhbGxlbmdl', userVerification: 'required' });
      }
      if (url.pathname === '/v3/users/me/security/reauth/' && init?.method === 'POST') {
        return ok({
          totp_enabled: false,
          sms_phone_number_end: null,
          backup_codes_left: 10,
          has_password: true,
          passkey_count: 1,
          reauthenticated_until: new Date(Date.now() + 600_000).toISOString(),
        });
      }
      if (url.pathname === '/v3/users/me/deactivate/' && init?.method === 'POST') {
        return ok({ resurrect_until: '2026-12-26T12:00:00Z' });
      }
      return undefined;
    });
    renderApp('/settings/deactivate/');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /Your account is deactivated\. Log in before .*2026 to reactivate it\./,
    );
    expect(api.bodies('/v3/users/me/security/reauth/')).toEqual([{ passkey: ASSERTION }]);
    expect(api.bodies('/v3/users/me/deactivate/')).toEqual([{}]);
    vi.unstubAllGlobals();
  });
});

describe('e-mail change link', () => {
  test('confirms once, signed in or not', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/email/confirm/') return ok({ email: 'new@example.com' });
      return undefined;
    });
    renderApp('/settings/email/confirm/?token=abc');
    expect(await screen.findByText('Your email is now new@example.com.')).toBeInTheDocument();
    expect(api.bodies('/v3/users/me/email/confirm/')).toEqual([{ token: 'abc' }]);
  });
});
