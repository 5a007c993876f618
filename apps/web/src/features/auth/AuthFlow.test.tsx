// The auth modal end to end inside the app, against a stubbed API: opening, the signup and login
// flows, validation copy, error mapping, under-age, consent and personalized login.
import { failure, success } from '@corkboard/shared/envelope';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { ok, stubApi, type Handler } from '../../test/api.ts';
import { clearCookies } from '../../test/cookies.ts';
import { makeAuthUser, makePin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { identityFromUser, REMEMBERED_IDENTITY_COOKIE } from './cookies.ts';
import { pageLoad } from '../session/pageLoad.ts';

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

interface ApiScript {
  exists?: boolean;
  validEmail?: boolean;
  login?: () => Response;
  register?: () => Response;
  experiments?: Record<string, string>;
  extra?: Handler;
}

function stubAuthApi(script: ApiScript = {}) {
  return stubApi((url, init) => {
    const extra = script.extra?.(url, init);
    if (extra) return extra;
    switch (url.pathname) {
      case '/v3/feeds/home/':
        return ok([]);
      case '/v3/register/exists/':
        return ok(script.exists ?? false);
      case '/v3/email/validation/':
        return ok({ is_valid: script.validEmail ?? true });
      case '/v3/login/':
        return script.login?.() ?? ok({ user: makeAuthUser(), next: null, reactivated: false });
      case '/v3/register/':
        return script.register?.() ?? ok({ user: makeAuthUser(), next: null, reactivated: false });
      case '/v3/experiments/':
        return script.experiments ? ok({ visitor_id: 'v', groups: script.experiments }) : undefined;
      default:
        return undefined;
    }
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
  window.localStorage.clear();
});

async function openFromHeader(name: 'Log in' | 'Sign up') {
  const button = await screen.findByRole('button', { name });
  // A real click focuses the button first; that is where focus returns when the modal closes.
  button.focus();
  fireEvent.click(button);
  return screen.findByRole('dialog');
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('opening the modal', () => {
  test('Sign up opens the signup view with focus in the email field; Esc closes and focus returns', async () => {
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Sign up');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Welcome to Corkboard' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Welcome to Corkboard');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByText('Find new ideas to try')).toBeInTheDocument();
    expect(within(dialog).getByText(/By continuing, you agree to Corkboard's/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Terms of Service/ })).toHaveAttribute(
      'href',
      '/terms/',
    );
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      '/_/_/policy/privacy-policy/',
    );
    expect(within(dialog).getByRole('link', { name: /Notice at collection/ })).toHaveAttribute(
      'href',
      '/_/_/policy/privacy-policy/#notice-at-collection',
    );
    expect(within(dialog).getByRole('link', { name: /delete your account/ })).toHaveAttribute(
      'href',
      '/_/_/policy/privacy-policy/#delete-your-account',
    );
    // auth.md §1: the business prompt, linking to business account creation.
    expect(within(dialog).getByText(/Are you a business\?/)).toHaveTextContent(
      'Are you a business? Get started here!',
    );
    expect(within(dialog).getByRole('link', { name: 'Get started here!' })).toHaveAttribute(
      'href',
      '/business/create',
    );
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveFocus();
  });

  test('Tab from the last control wraps to the first, Shift+Tab back', async () => {
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Sign up' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  test('Log in opens the login view; the footer switches to signup and back', async () => {
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Welcome to Corkboard' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email or username')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/reset/',
    );
    expect(within(dialog).getByText(/Not on Corkboard yet\?/)).toHaveTextContent(
      'Not on Corkboard yet? Sign up',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText(/Already a member\?/)).toHaveTextContent(
      'Already a member? Log in',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByLabelText('Email or username')).toHaveFocus();
  });

  test('the forgot-password link carries the typed email as ue', async () => {
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    type('Email or username', 'ana@example.com');
    expect(within(dialog).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/reset/?ue=ana%40example.com',
    );
  });
});

describe('signup email form', () => {
  test('the exists-check waits for 300 ms of quiet, then a known email switches to logging in', async () => {
    const api = stubAuthApi({ exists: true });
    renderApp('/');
    await openFromHeader('Sign up');
    const existsCalls = () =>
      api.requests().filter((path) => path.startsWith('/v3/register/exists/')).length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('Email', 'ana@example.co');
    act(() => void vi.advanceTimersByTime(200));
    type('Email', 'ana@example.com');
    act(() => void vi.advanceTimersByTime(299));
    expect(existsCalls()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back to Corkboard!' }),
    ).toBeInTheDocument();
    expect(existsCalls()).toBe(1);
    expect(api.bodies('/v3/register/exists/')).toEqual([{ email: 'ana@example.com' }]);
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Log in' });
    expect(buttons.map((button) => button.getAttribute('type'))).toEqual(['submit', 'button']);
  });

  test('leaving the field checks at once; a free email stays in signup mode', async () => {
    const api = stubAuthApi({ exists: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'new@example.com');
    fireEvent.blur(screen.getByLabelText('Email'));
    await waitFor(() => expect(api.requests()).toContain('/v3/register/exists/'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome to Corkboard' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  test("'Did you mean …?' offers the common domain; clicking it applies it", async () => {
    stubAuthApi();
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'ana@yaho.fr');
    fireEvent.blur(screen.getByLabelText('Email'));
    const hint = await screen.findByRole('button', { name: 'Did you mean ana@yahoo.fr?' });
    fireEvent.click(hint);
    expect(screen.getByLabelText('Email')).toHaveValue('ana@yahoo.fr');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Did you mean/ })).not.toBeInTheDocument(),
    );
  });

  test.each([
    ['', 'secret-pass', 'Email', "You missed a spot! Don't forget to add your email."],
    ['ana@', 'secret-pass', 'Email', "Hmm...that doesn't look like an email address."],
    ['ana@gmial.com', 'secret-pass', 'Email', "Hmm...that doesn't look like an email address."],
    ['ana@example.com', '', 'Password', "You missed a spot! Don't forget to add your password."],
  ])('email %j, password %j: %s says %j', async (email, password, field, message) => {
    stubAuthApi();
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', email);
    type('Password', password);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const input = screen.getByLabelText(field);
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(input).toHaveFocus());
  });

  test.each([
    ['abc', 'Your password is too short! You need 6+ characters.'],
    ['ana@example.com', 'Please make your username and password different.'],
    [
      'pässword',
      'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
    ],
  ])('password %j for a new account: %j', async (password, message) => {
    stubAuthApi({ exists: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'ana@example.com');
    type('Password', password);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message),
    );
  });

  test('the experiment raises the minimum to 8', async () => {
    stubAuthApi({
      exists: false,
      experiments: {
        web_increased_min_password_length: 'enabled',
        web_kr_privacy_consent_step: 'control',
      },
    });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'ana@example.com');
    type('Password', 'abcdef7');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Your password is too short! You need 8+ characters.',
      ),
    );
  });

  test("the server's email check: 'Sorry, this doesn't look like a valid email'", async () => {
    stubAuthApi({ exists: false, validEmail: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'ana@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        "Sorry, this doesn't look like a valid email",
      ),
    );
  });

  test('new email → birthday → account created, signed in and reloaded on the same page', async () => {
    const api = stubAuthApi({ exists: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', ' ana@example.com ');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your birthdate' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Birthdate')).toHaveFocus());
    expect(screen.getByLabelText('Birthdate')).toHaveAccessibleDescription(
      "Your birthdate helps keep Corkboard safe and age-appropriate. It won't be shown on your profile.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Birthdate')).toHaveAccessibleDescription(
        "You missed a spot. Don't forget to add your birthday. Your birthdate helps keep Corkboard safe and age-appropriate. It won't be shown on your profile.",
      ),
    );
    type('Birthdate', '1990-05-04');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Corkboard!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Getting your home feed ready' }),
    ).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/');
    expect(api.bodies('/v3/register/')).toEqual([
      {
        type: 'email',
        email: 'ana@example.com',
        password: 'long-enough-9',
        birthday: Date.UTC(1990, 4, 4) / 1000,
        container: 'home_page',
        page: '/',
        signupSource: 'homePage',
      },
    ]);
    expect(document.cookie).toContain(`${REMEMBERED_IDENTITY_COOKIE}=`);
  });

  test('a known email logs in with the typed password', async () => {
    const api = stubAuthApi({ exists: true });
    renderApp('/');
    const dialog = await openFromHeader('Sign up');
    type('Email', 'ana@example.com');
    type('Password', 'whatever-it-was');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.bodies('/v3/login/')).toEqual([
      { username_or_email: 'ana@example.com', password: 'whatever-it-was', isAccountSwitch: false },
    ]);
    expect(api.requests()).not.toContain('/v3/register/');
  });

  test('an email taken meanwhile shows EmailAlreadyExist, whose Log in keeps the email', async () => {
    stubAuthApi({
      exists: false,
      register: () => authFail('AUTH_EMAIL_TAKEN', { field: 'email' }),
    });
    renderApp('/');
    const dialog = await openFromHeader('Sign up');
    type('Email', 'ana@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Birthdate');
    type('Birthdate', '1990-05-04');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Looks like you're already on Corkboard",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/password/reset/?ue=ana%40example.com',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Email or username')).toHaveValue('ana@example.com');
  });

  test('a request shows the loading overlay and ignores a second submit', async () => {
    let release: (response: Response) => void = () => undefined;
    const api = stubAuthApi({
      extra: (url) => {
        if (url.pathname !== '/v3/login/') return undefined;
        return undefined;
      },
    });
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    type('Email or username', 'ana');
    type('Password', 'pw-123456');
    const answered = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation((input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : input.toString(),
        'http://localhost',
      );
      if (url.pathname === '/v3/login/')
        return new Promise<Response>((resolve) => (release = resolve));
      return answered ? answered(input, init) : Promise.reject(new Error('no stub'));
    });
    const submit = within(dialog).getByRole('button', { name: 'Log in' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Loading…')).toBeInTheDocument();
    expect(dialog.querySelector('.auth')).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(submit);
    release(Response.json(success({ user: makeAuthUser(), next: null, reactivated: false })));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(
      api.fetchMock.mock.calls.filter(
        ([input]) => typeof input === 'string' && input.startsWith('/v3/login/'),
      ),
    ).toHaveLength(1);
  });
});

describe('login errors', () => {
  async function failLogin(response: () => Response) {
    stubAuthApi({ login: response });
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    type('Email or username', 'ana@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    return dialog;
  }

  test('a wrong password is said on the password field, with the reset link', async () => {
    await failLogin(() => authFail('AUTH_LOGIN_INCORRECT_PASSWORD', { field: 'password' }));
    const field = screen.getByLabelText('Password');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'The password you entered is incorrect. Try again or Reset your password',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/password/reset/?ue=ana%40example.com',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  test('too many attempts opens the rate-limited dialog', async () => {
    await failLogin(() =>
      authFail('AUTH_LOGIN_RATE_LIMITED', { field: 'email', retry_after_seconds: 1800 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Too many login attempts' });
    expect(dialog).toHaveTextContent(
      'You have reached the maximum number of login attempts. Try again in 30 minutes.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Too many/ })).not.toBeInTheDocument(),
    );
  });

  test('locked for unknown browsers: the dialog, and the owner is told about the strange activity', async () => {
    await failLogin(() =>
      authFail('AUTH_LOGIN_RATE_LIMITED', {
        field: 'email',
        retry_after_seconds: 1800,
        scope: 'unknown_clients',
        strange_activity: true,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Oops! Too many login attempts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email or username')).toHaveAccessibleDescription(
        expect.stringContaining('We noticed some strange activity on your account.'),
      ),
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/reset/?ue=ana%40example.com',
    );
  });

  test('a suspended account opens the suspended dialog with its reason', async () => {
    await failLogin(() =>
      authFail('AUTH_ACCOUNT_SUSPENDED', { field: 'email', reason: 'community_guidelines' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your account has been deactivated' });
    expect(dialog).toHaveTextContent('Your account violated our community guidelines.');
    expect(within(dialog).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/terms/#contact',
    );
  });

  test('login assistance offers a reset; sending it shows "Password reset email sent"', async () => {
    const api = stubAuthApi({
      login: () => authFail('AUTH_LOGIN_ASSISTANCE', { field: 'password' }),
      extra: (url) => (url.pathname === '/v3/users/forgot_password/' ? ok(null) : undefined),
    });
    renderApp('/');
    const modal = await openFromHeader('Log in');
    type('Email or username', 'ana@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(within(modal).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Looks like you're having trouble logging in",
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByRole('heading', { name: 'Password reset email sent' }),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/users/forgot_password/')).toEqual([
      { username_or_email: 'ana@example.com' },
    ]);
    expect(screen.getByRole('link', { name: 'Try another' })).toHaveAttribute(
      'href',
      '/password/reset/',
    );
  });

  test('too fast from this address asks for the harder captcha, at most three times an hour', async () => {
    await failLogin(() => authFail('AUTH_LOGIN_TOO_FAST_IP', { field: 'captcha' }));
    expect(
      await screen.findByText(
        'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
      ),
    ).toBeInTheDocument();
    const login = () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1) as HTMLElement);
    login();
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem('corkboard.captchaStepUps') ?? '[]'),
      ).toHaveLength(2),
    );
    login();
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem('corkboard.captchaStepUps') ?? '[]'),
      ).toHaveLength(3),
    );
    login();
    expect(
      await screen.findByRole('dialog', { name: 'Oops! Too many login attempts' }),
    ).toBeInTheDocument();
  });

  test('a server failure is a toast', async () => {
    await failLogin(() => authFail('INTERNAL'));
    expect(await screen.findByText('Sorry! Something went wrong on our end.')).toBeInTheDocument();
  });
});

describe('two-factor step (auth.md §2 loginMfa)', () => {
  /**
   * Logs in; the first answer (POST /v3/login/) asks for the code, the step's answers (POST
   * /v3/login/mfa/, ADR 189) come from `next`. `bodies` holds both, in order, with `paths`.
   */
  async function reachMfa(next: (body: Record<string, unknown>) => Response, phoneEnd?: string) {
    const bodies: Record<string, unknown>[] = [];
    const paths: string[] = [];
    const api = stubAuthApi({
      extra: (url, init) => {
        if (url.pathname !== '/v3/login/' && url.pathname !== '/v3/login/mfa/') return undefined;
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
          string,
          unknown
        >;
        bodies.push(body);
        paths.push(url.pathname);
        if (url.pathname === '/v3/login/') {
          return authFail('AUTH_MFA_REQUIRED', {
            field: 'code',
            ...(phoneEnd ? { phone_number_end: phoneEnd } : {}),
            code_sent: phoneEnd !== undefined,
          });
        }
        return next(body);
      },
    });
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    type('Email or username', 'ana@example.com');
    type('Password', 'right-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await within(dialog).findByRole('heading', {
      level: 1,
      name: 'Two-factor authentication required',
    });
    return { dialog, bodies, paths, api };
  }

  test('shows the phone ending, checks the code, and finishes with the code alone', async () => {
    const { dialog, bodies, paths } = await reachMfa(
      () => ok({ user: makeAuthUser(), next: null, reactivated: false }),
      '0123',
    );
    expect(dialog).toHaveTextContent('Check your phone ending in 0123 for a verification code.');
    const field = screen.getByLabelText('Verification code');
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("You missed a spot! Don't forget to add your verification code."),
      ),
    );
    type('Verification code', '12ab');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("Hmm...that doesn't look like a verification code."),
      ),
    );
    expect(bodies).toHaveLength(1);
    type('Verification code', '123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    // The pending log-in is the server's (ADR 189): the password is never sent again.
    expect(paths).toEqual(['/v3/login/', '/v3/login/mfa/']);
    expect(bodies[1]).toEqual({ mfa_token: '123456' });
  });

  test("a wrong code shows the server's message on the field", async () => {
    const { dialog } = await reachMfa(() =>
      authFail('AUTH_MFA_CODE_INVALID', { field: 'code', attempts_left: 4 }),
    );
    expect(dialog).toHaveTextContent(
      'Check your phone for a verification code from your authenticator app.',
    );
    // An authenticator app's code cannot be sent again.
    expect(within(dialog).queryByRole('button', { name: 'resend the code' })).toBeNull();
    type('Verification code', '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const field = screen.getByLabelText('Verification code');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("That code didn't work. Check it and try again."),
      ),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  test("'resend the code' sends mfa_resend and toasts 'We sent you a new code!' for 5 s", async () => {
    const { dialog, bodies, paths } = await reachMfa(
      () => authFail('AUTH_MFA_REQUIRED', { phone_number_end: '0123', code_sent: true }),
      '0123',
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'resend the code' }));
    expect(await screen.findByText('We sent you a new code!')).toBeInTheDocument();
    expect(paths[1]).toBe('/v3/login/mfa/');
    expect(bodies[1]).toEqual({ mfa_resend: true });
    expect(
      within(dialog).getByRole('heading', { name: 'Two-factor authentication required' }),
    ).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('We sent you a new code!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByText('We sent you a new code!')).toBeNull());
  });
});

describe('under-age (auth.md §4)', () => {
  async function reachBirthday() {
    stubAuthApi({ exists: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'kid@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Birthdate');
  }

  test('an under-age birthday confirms, toasts for 3.5 s and goes home at 4 s', async () => {
    await reachBirthday();
    const thisYear = new Date().getFullYear();
    type('Birthdate', `${thisYear - 10}-01-01`);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Is your birthdate right?' }),
    ).toBeInTheDocument();
    expect(document.cookie).toContain('underage=1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const toast = "Sorry, you're not eligible to sign up for Corkboard right now.";
    expect(
      within(screen.getByRole('status', { name: 'Notifications' })).getByText(toast),
    ).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3499));
    expect(
      within(screen.getByRole('status', { name: 'Notifications' })).getByText(toast),
    ).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(
      within(screen.getByRole('status', { name: 'Notifications' })).queryByText(toast),
    ).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(499));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Edit clears the marker and returns to an enabled birthday input', async () => {
    await reachBirthday();
    type('Birthdate', `${new Date().getFullYear() - 10}-01-01`);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Birthdate')).toBeEnabled();
    expect(document.cookie).not.toContain('underage=1');
  });

  test('while the cookie is 1, Continue ends at the ineligible error on a disabled birthday input', async () => {
    document.cookie = 'underage=1; Path=/';
    const api = stubAuthApi({ exists: false });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'kid@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const birthday = await screen.findByLabelText('Birthdate');
    expect(birthday).toBeDisabled();
    expect(birthday).toHaveAccessibleDescription(
      /^Sorry, you're not eligible to sign up for Corkboard right now\./,
    );
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(api.requests()).not.toContain('/v3/register/');
  });

  test('while the cookie is 1, someone with an account still logs in', async () => {
    document.cookie = 'underage=1; Path=/';
    stubAuthApi({ exists: true });
    renderApp('/');
    const dialog = await openFromHeader('Sign up');
    type('Email', 'parent@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  test("the server's under-age answer disables the birthday input", async () => {
    stubAuthApi({
      exists: false,
      register: () => authFail('AUTH_UNDERAGE', { field: 'birthday', reason: 'under_age' }),
    });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'kid@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Birthdate');
    type('Birthdate', '1990-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Is your birthdate right?' }),
    ).toBeInTheDocument();
    expect(document.cookie).toContain('underage=1');
  });
});

describe('Korea consent (auth.md §2, §4)', () => {
  const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
  afterEach(() => {
    if (languages) Object.defineProperty(Navigator.prototype, 'languages', languages);
  });

  test('with the experiment on in KR the consent step comes before the account', async () => {
    Object.defineProperty(Navigator.prototype, 'languages', {
      configurable: true,
      get: () => ['ko-KR', 'ko'],
    });
    const api = stubAuthApi({
      exists: false,
      experiments: {
        web_increased_min_password_length: 'control',
        web_kr_privacy_consent_step: 'enabled',
      },
    });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'minji@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Birthdate');
    type('Birthdate', '1990-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consents' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Before you can create an account, you'll need to agree to the required terms below.",
      ),
    ).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    const all = screen.getByRole('checkbox', { name: 'Agree to all' });
    expect(next).toBeDisabled();
    fireEvent.click(all);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(next).toBeEnabled();
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I agree to receive marketing messages' }),
    );
    expect(all).not.toBeChecked();
    expect(next).toBeEnabled();
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'I agree to the overseas transfer of personal information',
      }),
    );
    expect(next).toBeDisabled();
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'I agree to the overseas transfer of personal information',
      }),
    );
    expect(screen.getByRole('group', { name: 'Required' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Optional' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    fireEvent.click(next);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.bodies('/v3/register/')[0]).toMatchObject({
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: true,
    });
  });

  test("the server's consent-required answer opens the step too", async () => {
    let attempts = 0;
    stubAuthApi({
      exists: false,
      register: () => {
        attempts += 1;
        return attempts === 1
          ? authFail('AUTH_CONSENT_REQUIRED', { field: 'consent' })
          : ok({ user: makeAuthUser(), next: null, reactivated: false });
      },
    });
    renderApp('/');
    await openFromHeader('Sign up');
    type('Email', 'minji@example.com');
    type('Password', 'long-enough-9');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Birthdate');
    type('Birthdate', '1990-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consents' })).toBeInTheDocument();
  });
});

describe('personalized and limited login (auth.md §2)', () => {
  function remember() {
    const identity = identityFromUser(
      makeAuthUser({ username: 'jane_doe', first_name: 'Jane', email: 'jane.doe@example.com' }),
    );
    document.cookie = `${REMEMBERED_IDENTITY_COOKIE}=${encodeURIComponent(JSON.stringify(identity))}; Path=/`;
  }

  test('a remembered visitor is welcomed back and logs in with the remembered username', async () => {
    remember();
    const api = stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Welcome back, Jane!' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('j•••e@example.com')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Email or username')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(within(dialog).getByText(/Need an account\?/)).toHaveTextContent(
      'Need an account? Sign up now',
    );
    type('Password', 'pw-123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.bodies('/v3/login/')[0]).toMatchObject({ username_or_email: 'jane_doe' });
  });

  test("'Not you?' forgets the identity and shows the plain form", async () => {
    remember();
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Log in with a different account' }),
    );
    expect(within(dialog).getByLabelText('Email or username')).toBeInTheDocument();
    expect(document.cookie).not.toContain(REMEMBERED_IDENTITY_COOKIE);
  });

  test('a remembered visitor who taps Save is asked to log in, not to sign up', async () => {
    remember();
    const pin = makePin('12');
    stubAuthApi({
      extra: (url) =>
        url.pathname === '/v3/pins/12/'
          ? ok(pin)
          : url.pathname.startsWith('/v3/boards/')
            ? ok([])
            : undefined,
    });
    renderApp('/pin/12/');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Log in to save this Pin' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("You're almost there! Log in to access all of Corkboard"),
    ).toBeInTheDocument();
  });
});

describe('entry points', () => {
  test("a visitor's Save on a pin opens signup with the pin's 236x image behind the email button", async () => {
    const pin = makePin('12');
    stubAuthApi({
      extra: (url) =>
        url.pathname === '/v3/pins/12/'
          ? ok(pin)
          : url.pathname.startsWith('/v3/boards/')
            ? ok([])
            : undefined,
    });
    renderApp('/pin/12/');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Join Corkboard to save this idea' }),
    ).toBeInTheDocument();
    expect(dialog.querySelector('img.auth__pin')).toHaveAttribute('src', pin.images['236x'].url);
    const emailButton = within(dialog).getByRole('button', { name: 'Continue with email' });
    expect(emailButton).toHaveFocus();
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    fireEvent.click(emailButton);
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus());
  });

  test('Download opens "Sign Up to download"', async () => {
    const pin = makePin('12');
    stubAuthApi({
      extra: (url) =>
        url.pathname === '/v3/pins/12/'
          ? ok(pin)
          : url.pathname.startsWith('/v3/boards/')
            ? ok([])
            : undefined,
    });
    renderApp('/pin/12/');
    fireEvent.click(await screen.findByRole('button', { name: 'Download image' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign Up to download' }),
    ).toBeInTheDocument();
  });

  test("a visitor's Follow on a profile opens 'Join Corkboard to follow' with their avatar", async () => {
    const user = {
      id: '7',
      username: 'alice',
      full_name: 'Alice Example',
      image_medium_url: '/media/avatars/alice.jpg',
      first_name: 'Alice',
      last_name: 'Example',
      about: '',
      account_type: 'personal',
      country: 'US',
      locale: 'en-US',
      board_count: 0,
      pin_count: 0,
      follower_count: 0,
      following_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    stubAuthApi({
      extra: (url) =>
        url.pathname === '/v3/users/alice/'
          ? ok(user)
          : url.pathname.startsWith('/v3/users/alice/')
            ? ok([])
            : undefined,
    });
    renderApp('/alice/');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Join Corkboard to follow' }),
    ).toBeInTheDocument();
    expect(dialog.querySelector('img.auth__followee')).toHaveAttribute(
      'src',
      '/media/avatars/alice.jpg',
    );
  });

  test("a signed-in person's Save opens the save modal, not the signup view", async () => {
    const pin = makePin('12');
    stubAuthApi({
      extra: (url) =>
        url.pathname === '/v3/users/me/'
          ? ok(makeAuthUser())
          : url.pathname === '/v3/pins/12/'
            ? ok(pin)
            : url.pathname === '/resource/BoardPickerBoardsResource/get/'
              ? ok({ all_boards: [], boards_shortlist: [] })
              : url.pathname === '/v3/pins/12/board_title_suggestions/'
                ? ok([])
                : url.pathname.startsWith('/v3/boards/')
                  ? ok([])
                  : undefined,
    });
    renderApp('/pin/12/');
    await screen.findByRole('heading', { level: 1, name: pin.title });
    await screen.findByRole('button', { name: 'Your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Repin modal' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Sign up/ })).not.toBeInTheDocument();
  });
});

describe('passkeys (docs/decisions/166)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });

  test('the two-factor step offers the passkey; a closed prompt says so and keeps the step', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const get = vi.fn(() => Promise.reject(new DOMException('closed', 'NotAllowedError')));
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { get, create: vi.fn() },
    });
    stubAuthApi({
      extra: (url) => {
        if (url.pathname === '/v3/login/')
          return authFail('AUTH_MFA_REQUIRED', {
            field: 'code',
            factors: ['passkey', 'backup_code'],
            code_sent: false,
          });
        if (url.pathname === '/v3/login/mfa/passkey/options/')
          return ok({
            challenge: 'Y2hhbGxlbmdl',
            rpId: 'localhost',
            timeout: 300000,
            userVerification: 'preferred',
            allowCredentials: [{ id: 'AAAA', type: 'public-key' }],
          });
        return undefined;
      },
    });
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    type('Email or username', 'ana@example.com');
    type('Password', 'right-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await within(dialog).findByRole('heading', {
      level: 1,
      name: 'Two-factor authentication required',
    });
    expect(dialog).toHaveTextContent(
      'Use your passkey to finish logging in, or enter one of your backup codes.',
    );
    expect(within(dialog).queryByRole('button', { name: 'resend the code' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    expect(
      await within(dialog).findByText(
        "The passkey prompt was closed before it finished. Try again when you're ready.",
      ),
    ).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(
      within(dialog).getByRole('heading', { name: 'Two-factor authentication required' }),
    ).toBeInTheDocument();
  });

  test('the login view offers "Use a passkey" where the browser has WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    expect(
      await within(dialog).findByRole('button', { name: 'Use a passkey' }),
    ).toBeInTheDocument();
    // The e-mail field offers passkeys in its autofill (conditional mediation).
    expect(within(dialog).getByLabelText('Email or username')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
  });

  test('no passkey button without WebAuthn', async () => {
    stubAuthApi();
    renderApp('/');
    const dialog = await openFromHeader('Log in');
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
