// The auth pages and the header's account corner against a stubbed API.
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { AppRoutes } from '../../app/AppRoutes.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { ok, stubApi, type Handler } from '../../test/api.ts';
import { clearCookies } from '../../test/cookies.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { createTestQueryClient, renderApp } from '../../test/render.tsx';
import { BirthdayStep } from './BirthdayStep.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { pageLoad } from '../session/pageLoad.ts';
import { WelcomeLoading } from './WelcomeLoading.tsx';

function authFail(name: ErrorCodeName, data?: Record<string, unknown>): Response {
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

const loginOk = () => ok({ user: makeAuthUser(), next: null, reactivated: false });

function stub(extra: Handler = () => undefined) {
  return stubApi((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/v3/feeds/home/') return ok([]);
    if (url.pathname === '/v3/login/') return loginOk();
    return undefined;
  });
}

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  vi.useRealTimers();
  clearCookies();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderWithLocation(path: string) {
  return render(
    <AppProviders queryClient={createTestQueryClient()} i18n={createI18n('en')}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function logInOnPage() {
  fireEvent.change(await screen.findByLabelText('Email or username'), {
    target: { value: 'alice' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw-123456' } });
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
}

describe('/login/', () => {
  test('logs in and goes to next', async () => {
    stub();
    renderApp('/login/?next=%2Fpin%2F12%2F');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to see more' }),
    ).toBeInTheDocument();
    await logInOnPage();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pin/12/'));
  });

  test.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])(
    'an open-redirect next (%j) lands on home',
    async (next) => {
      stub();
      renderApp(`/login/?${new URLSearchParams({ next }).toString()}`);
      await logInOnPage();
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    },
  );

  test('a signed-in visitor is sent on to next', async () => {
    stub((url) => (url.pathname === '/v3/users/me/' ? ok(makeAuthUser()) : undefined));
    renderWithLocation('/login/?next=%2Fsearch%2Fpins%2F%3Fq%3Dbread');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/search/pins/?q=bread'),
    );
  });

  test('/signup/ opens the signup view behind the email button', async () => {
    stub();
    renderApp('/signup/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up to see more' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeInTheDocument();
  });
});

describe('/business/login/', () => {
  test('the business variant: width 480 and the business links', async () => {
    stub();
    renderApp('/business/login/');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Log in to your business account',
    });
    expect(heading.closest('.auth-page')).toHaveStyle({ maxWidth: '480px' });
    expect(screen.getByText(/Don't have a business account\?/)).toHaveTextContent(
      "Don't have a business account? Create one for free",
    );
    expect(screen.getByRole('link', { name: 'Create one for free' })).toHaveAttribute(
      'href',
      '/business/create',
    );
    expect(screen.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByText(/Not on Corkboard yet/)).not.toBeInTheDocument();
    expect(document.title).toBe('Log in to your business account | Corkboard');
  });
});

describe('/password/reset/ (recovery)', () => {
  test('prefills ue, sends the reset mail, and resend says "Email sent!"', async () => {
    const api = stub((url) =>
      url.pathname === '/v3/users/forgot_password/' ? ok(null) : undefined,
    );
    renderApp('/password/reset/?ue=ana%40example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find your account' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toHaveValue('ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password reset email sent' });
    expect(dialog).toHaveTextContent(
      'If ana@example.com belongs to a Corkboard account, we sent it a link',
    );
    expect(within(dialog).getByRole('link', { name: 'Try another' })).toHaveAttribute(
      'href',
      '/password/reset/',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    const region = within(dialog).getByRole('status', { name: 'Notifications' });
    await within(region).findByText('Email sent!');
    expect(api.bodies('/v3/users/forgot_password/')).toEqual([
      { username_or_email: 'ana@example.com' },
      { username_or_email: 'ana@example.com' },
    ]);
  });

  test('an empty field says so', async () => {
    stub();
    renderApp('/password/reset/');
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email or username')).toHaveAccessibleDescription(
      "You missed a spot! Don't forget to add your email.",
    );
  });
});

describe('"Email sent!" lasts exactly 3500 ms', () => {
  /** Lets the stubbed request and its promise chain finish while setTimeout is faked. */
  async function settle(until: () => boolean) {
    for (let round = 0; round < 50 && !until(); round++) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
  }

  test('with fake timers', async () => {
    stub((url) => (url.pathname === '/v3/users/forgot_password/' ? ok(null) : undefined));
    renderApp('/password/reset/?ue=ana%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password reset email sent' });
    const region = within(dialog).getByRole('status', { name: 'Notifications' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    await settle(() => within(region).queryByText('Email sent!') !== null);
    expect(within(region).getByText('Email sent!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3499));
    expect(within(region).getByText('Email sent!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(within(region).queryByText('Email sent!')).toBeNull();
  });
});

describe('/password/reset/?token= (new password)', () => {
  test('checks the rules and the confirmation, then logs in with the new password', async () => {
    const api = stub((url) =>
      url.pathname === '/v3/users/password/reset/'
        ? ok({ username_or_email: 'ana@example.com' })
        : undefined,
    );
    renderApp('/password/reset/?token=tok-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Your password is too short! You need 6+ characters.',
    );
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'brand-new-pas' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      "These passwords don't match.",
    );
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.bodies('/v3/users/password/reset/')).toEqual([
      { token: 'tok-123', new_password: 'brand-new-pass' },
    ]);
    expect(api.bodies('/v3/login/')).toEqual([
      { username_or_email: 'ana@example.com', password: 'brand-new-pass', isAccountSwitch: false },
    ]);
  });

  test('an expired link says so and offers a new one', async () => {
    stub((url) =>
      url.pathname === '/v3/users/password/reset/'
        ? authFail('AUTH_RESET_TOKEN_INVALID', { field: 'token' })
        : undefined,
    );
    renderApp('/password/reset/?token=old');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/password/reset/',
    );
  });

  test("the server's password rule is shown on the field", async () => {
    stub((url) =>
      url.pathname === '/v3/users/password/reset/'
        ? authFail('AUTH_PASSWORD_COMMON', { field: 'password', reason: 'common' })
        : undefined,
    );
    renderApp('/password/reset/?token=t');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'password1' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'password1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Please make a stronger password.',
      ),
    );
  });
});

describe('aec (auth.md §2)', () => {
  test('a soft-ban code opens "We protected your account" and leaves the address', async () => {
    stub();
    renderWithLocation('/?q=1&aec=347');
    const dialog = await screen.findByRole('dialog', { name: 'We protected your account' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?q=1$/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/password/reset/'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find your account' }),
    ).toBeInTheDocument();
  });

  test('another code does nothing', async () => {
    stub();
    renderWithLocation('/?aec=340');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?aec=340');
  });
});

describe('welcome back (ADR 164)', () => {
  test('a log-in that reactivated the account shows the welcome-back message once on the next page', async () => {
    stub((url) =>
      url.pathname === '/v3/login/'
        ? ok({ user: makeAuthUser(), next: null, reactivated: true })
        : undefined,
    );
    const first = renderWithLocation('/login/');
    await logInOnPage();
    await waitFor(() => expect(assign).toHaveBeenCalled());
    first.unmount();
    // The page load that follows the log-in:
    stub((url) => (url.pathname === '/v3/users/me/' ? ok(makeAuthUser()) : undefined));
    const second = renderApp('/');
    expect(
      await screen.findByText('Welcome back, Alice! Your account is active again.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Welcome back, Alice!/)).not.toBeInTheDocument();
    second.unmount();
    renderApp('/');
    await screen.findByRole('button', { name: 'Your account' });
    expect(screen.queryByText(/Welcome back, Alice!/)).not.toBeInTheDocument();
  });

  test('an ordinary log-in leaves no message', async () => {
    stub();
    renderWithLocation('/login/');
    await logInOnPage();
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('corkboard.welcomeBack')).toBeNull();
  });
});

describe('/add-account', () => {
  test('a signed-in person stays on it, logs in as another account and lands on its profile', async () => {
    const api = stub((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      return undefined;
    });
    renderWithLocation('/add-account');
    expect(
      await screen.findByText('Have another account? Log in to easily switch between them'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/add-account');
    await logInOnPage();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/alice/'));
    expect(api.bodies('/v3/login/')[0]).toMatchObject({ isAccountSwitch: true });
  });

  test('the cap: the server text shows on the form', async () => {
    stub((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/login/') return authFail('ACCOUNT_SWITCH_LIMIT', { max: 5 });
      return undefined;
    });
    renderWithLocation('/add-account');
    await logInOnPage();
    expect(await screen.findByText(ERROR_CODES.ACCOUNT_SWITCH_LIMIT.message)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('header account menu', () => {
  const alice = {
    id: '7',
    username: 'alice',
    email: 'alice@example.com',
    fullName: 'Alice Example',
    imageMediumUrl: null,
    imageLargeUrl: null,
    active: true,
  };
  const bob = {
    ...alice,
    id: '8',
    username: 'bob',
    email: 'bob@example.com',
    fullName: 'Bob Builder',
    active: false,
  };
  function signedIn(accounts: (typeof alice)[] = [alice]) {
    return stub((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/accounts/') return ok({ accounts, max: 5 });
      if (url.pathname === '/v3/users/me/accounts/switch/') return ok({ next: '/bob/' });
      if (url.pathname === '/v3/users/me/accounts/logout/') {
        return ok({ active: { id: '8', username: 'bob' } });
      }
      if (url.pathname === '/v3/logout/') return ok(null);
      return undefined;
    });
  }

  test('keyboard: Enter opens with focus on the first item, arrows move, Esc closes back to the button', async () => {
    signedIn();
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Your account' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    button.focus();
    fireEvent.click(button, { detail: 0 });
    const menu = screen.getByRole('menu', { name: 'Your account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Create a business account' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    // The switcher: this browser's one account (checked), then 'Add account'.
    const current = await within(menu).findByRole('menuitemradio', { name: /Alice Example/ });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Add account' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('Log out revokes the session and reloads home', async () => {
    const api = signedIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.requests()).toContain('/v3/logout/');
  });

  /** The account list's answer, held back until `release()`. */
  function heldAccounts(accounts: (typeof alice)[]) {
    const api = signedIn(accounts);
    const answer = api.fetchMock.getMockImplementation();
    if (!answer) throw new Error('fetch is not stubbed');
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    api.fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/v3/users/me/accounts/')) {
        asked = true;
        await gate;
      }
      return answer(input, init);
    });
    return { asked: () => asked, release: () => release() };
  }

  const itemNames = (menu: HTMLElement) =>
    Array.from(menu.querySelectorAll('[role^="menuitem"]'), (item) => item.textContent);

  // A press that began on an item must end on it: when the account list arrived, 'Log out' moved
  // down (or became 'Log out of @alice') under the pointer, and the click was lost (ADR 218).
  test.each([
    ['one account', [alice]],
    ['several accounts', [alice, bob]],
  ])(
    'the account list arrives below the items shown before it, moving none (%s)',
    async (_label, accounts) => {
      const held = heldAccounts(accounts);
      renderApp('/');
      fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
      const menu = screen.getByRole('menu', { name: 'Your account' });
      await waitFor(() => expect(held.asked()).toBe(true));
      const before = itemNames(menu);
      expect(before).toContain('Your profile');
      held.release();
      await within(menu).findByRole('menuitemradio', { name: /Alice Example/ });
      const after = itemNames(menu);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.length).toBeGreaterThan(before.length);
    },
  );

  test('ArrowUp opens on the last item once the account list is there', async () => {
    const held = heldAccounts([alice]);
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Your account' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const menu = screen.getByRole('menu', { name: 'Your account' });
    held.release();
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus(),
    );
  });

  test('an account list that cannot be read still offers Log out', async () => {
    const api = stub((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/accounts/') return authFail('INTERNAL');
      if (url.pathname === '/v3/logout/') return ok(null);
      return undefined;
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.requests()).toContain('/v3/logout/');
  });

  test('switcher: lists the held accounts; choosing another switches and goes to its profile', async () => {
    const api = signedIn([alice, bob]);
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Your account' });
    button.focus();
    fireEvent.click(button, { detail: 0 });
    const menu = screen.getByRole('menu', { name: 'Your account' });
    const group = await within(menu).findByRole('group', { name: 'Your accounts' });
    const radios = within(group).getAllByRole('menuitemradio');
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(radios[1]).toHaveTextContent('Bob Builder');
    expect(radios[1]).toHaveTextContent('bob@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Add account' })).toHaveAttribute(
      'href',
      '/add-account',
    );
    // Keyboard only: End goes to the last item, then up to Bob, Enter chooses him.
    fireEvent.keyDown(menu, { key: 'End' });
    expect(within(menu).getByRole('menuitem', { name: 'Log out of all accounts' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(within(menu).getByRole('menuitem', { name: 'Log out of @alice' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(radios[1]).toHaveFocus();
    fireEvent.click(radios[1] as HTMLElement);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/bob/'));
    expect(api.requests()).toContain('/v3/users/me/accounts/switch/');
  });

  test('switcher: log out of this account (the other stays) or of all', async () => {
    const api = signedIn([alice, bob]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out of @alice' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/bob/'));
    expect(api.requests()).toContain('/v3/users/me/accounts/logout/');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out of all accounts' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.requests()).toContain('/v3/logout/');
  });

  test('switcher: no Add account once the cap is reached; a failed switch says so', async () => {
    stub((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/accounts/') return ok({ accounts: [alice, bob], max: 2 });
      if (url.pathname === '/v3/users/me/accounts/switch/')
        return authFail('ACCOUNT_SWITCH_NOT_HELD');
      return undefined;
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    const bobItem = await screen.findByRole('menuitemradio', { name: /Bob Builder/ });
    expect(screen.queryByRole('menuitem', { name: 'Add account' })).not.toBeInTheDocument();
    fireEvent.click(bobItem);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't switch accounts. Try again.",
    );
    expect(assign).not.toHaveBeenCalled();
  });

  test('the profile item links to the person', async () => {
    signedIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    expect(screen.getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/alice/',
    );
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings/security/',
    );
  });
});

describe('welcome loading screen', () => {
  const i18n = createI18n('en');
  ensureAuthCatalogue(i18n);
  function renderWelcome() {
    return render(
      <AppProviders queryClient={createTestQueryClient()} i18n={i18n}>
        <WelcomeLoading headingId="h" />
      </AppProviders>,
    );
  }

  test('runs to 95 % over 6 s and stops there', () => {
    vi.useFakeTimers();
    renderWelcome();
    const bar = screen.getByRole('progressbar', { name: 'Getting your home feed ready' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => void vi.advanceTimersByTime(3000));
    expect(bar).toHaveAttribute('aria-valuenow', '48');
    act(() => void vi.advanceTimersByTime(3000));
    expect(bar).toHaveAttribute('aria-valuenow', '95');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(bar).toHaveAttribute('aria-valuenow', '95');
    expect(screen.getByRole('heading', { name: 'Welcome to Corkboard!' })).toBeInTheDocument();
  });

  test('does not move with prefers-reduced-motion', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    vi.useFakeTimers();
    renderWelcome();
    const bar = screen.getByRole('progressbar');
    act(() => void vi.advanceTimersByTime(3000));
    expect(bar).not.toHaveAttribute('aria-valuenow');
    matchMedia.mockRestore();
  });
});

describe('birthday step while the under-age cookie is 1', () => {
  test('the input and the button are disabled and say why', () => {
    const i18n = createI18n('en');
    ensureAuthCatalogue(i18n);
    render(
      <AppProviders queryClient={createTestQueryClient()} i18n={i18n}>
        <MemoryRouter>
          <BirthdayStep
            headingId="h"
            birthday=""
            onBirthdayChange={() => undefined}
            error={undefined}
            underage
            onSubmit={() => undefined}
            birthdayRef={{ current: null }}
          />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByLabelText('Birthdate')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(screen.getByLabelText('Birthdate')).toHaveAccessibleDescription(
      /^Sorry, you're not eligible to sign up for Corkboard right now\./,
    );
  });
});

describe('legal pages', () => {
  test('terms and privacy have their sections', async () => {
    stub();
    renderApp('/privacy/#delete-your-account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notice at collection' })).toHaveAttribute(
      'id',
      'notice-at-collection',
    );
    expect(screen.getByRole('region', { name: 'Delete your account' })).toHaveAttribute(
      'id',
      'delete-your-account',
    );
  });

  test("the spec's privacy path renders the privacy page (auth.md §2)", async () => {
    stub();
    renderApp('/_/_/policy/privacy-policy/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
  });

  test('terms', async () => {
    stub();
    renderApp('/terms/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contact' })).toHaveAttribute('id', 'contact');
  });
});
