// SSO by e-mail domain in the page (auth.md §4 "SSO", §5, §8; ADR 157): the pop-up accepts the
// callback's message only from an allowed origin and from that pop-up; a blocked pop-up is
// 'Window is undefined', an IdP refusal 'No tokens returned'; the SSO check waits 300 ms after
// typing and asks only for a valid e-mail; a failed lookup counts as not SSO; an SSO e-mail turns
// the form into 'Continue with SSO' without the password and a new SSO user goes to the business
// SSO sign-up.
import { SSO_CALLBACK_MESSAGE_TYPE, type SsoInfoAnswer } from '@corkboard/shared/auth/social-api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { clearCookies } from '../../test/cookies.ts';
import { createTestQueryClient, renderApp } from '../../test/render.tsx';
import { pageLoad } from '../session/pageLoad.ts';
import { SOCIAL_POPUP_POLL_MS } from './facebookPopup.ts';
import {
  openSsoPopup,
  SSO_POPUP_FEATURES,
  SSO_RESULT_LOOKUP_TRIES,
  ssoSignupTarget,
  trustedSsoMessage,
} from './ssoPopup.ts';
import { useSsoCheck } from './useSsoCheck.ts';

/** The page's own origin: the main origin of these tests. */
const MAIN = window.location.origin;
const SSO_INFO: SsoInfoAnswer = {
  is_sso: true,
  existing_user: false,
  existing_user_is_sso: false,
  authorization_uri: `${MAIN}/v3/sso/authorize/?email=alex%40acme.example`,
  redirect_uri: `${MAIN}/api/auth/sso/callback/acme`,
  exchange_code_to_token_info_url: `${MAIN}/v3/sso/token/`,
};

function callback(code: string | null, error: string | null = null) {
  return { type: SSO_CALLBACK_MESSAGE_TYPE, code, state: code ? 'state-1' : null, error };
}

describe('the callback message check', () => {
  const popup = {};
  test('accepts only our allowed origin, from the pop-up, in the callback shape', () => {
    const data = callback('code-1');
    expect(
      trustedSsoMessage({ origin: MAIN, source: popup as never, data }, [MAIN], popup),
    ).toEqual(data);
    expect(
      trustedSsoMessage(
        { origin: 'https://evil.test', source: popup as never, data },
        [MAIN],
        popup,
      ),
    ).toBeNull();
    expect(
      trustedSsoMessage({ origin: MAIN, source: {} as never, data }, [MAIN], popup),
    ).toBeNull();
    expect(
      trustedSsoMessage(
        { origin: MAIN, source: popup as never, data: { ...data, type: 'x' } },
        [MAIN],
        popup,
      ),
    ).toBeNull();
    expect(
      trustedSsoMessage(
        { origin: MAIN, source: popup as never, data: { ...data, code: 1 } },
        [MAIN],
        popup,
      ),
    ).toBeNull();
    expect(trustedSsoMessage({ origin: MAIN, source: popup as never, data }, [], popup)).toBeNull();
  });

  test('the business SSO sign-up is a route on the main origin, else a full redirect there', () => {
    expect(ssoSignupTarget('a b@acme.example', MAIN, MAIN)).toEqual({
      kind: 'route',
      path: '/signup/sso-business-account?email=a%20b%40acme.example',
    });
    expect(ssoSignupTarget('alex@acme.example', 'https://corkboard.test', MAIN)).toEqual({
      kind: 'redirect',
      url: 'https://corkboard.test/signup/sso-business-account?email=alex%40acme.example',
    });
  });
});

/** A window stand-in: `open` answers `popup`, messages are dispatched by the test. */
function fakeView(popup: { closed: boolean; close: () => void } | null) {
  const target = new EventTarget();
  const open = vi.fn(() => popup);
  const view = {
    open,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setInterval: (fn: () => void, ms: number) => window.setInterval(fn, ms),
    clearInterval: (id: number) => window.clearInterval(id),
  };
  const post = (origin: string, data: unknown, source: unknown = popup) =>
    target.dispatchEvent(new MessageEvent('message', { origin, data, source: source as never }));
  return { view: view as unknown as Window, open, post };
}

/** The server lookup of tests where the pop-up never closes: asking it is a failure. */
const notAsked = () => Promise.reject(new Error('the server was asked while the pop-up was open'));

describe('openSsoPopup', () => {
  test("a blocked pop-up fails with 'Window is undefined'", async () => {
    const { view, open } = fakeView(null);
    const popup = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], notAsked, view);
    await expect(popup.result).rejects.toThrow('Window is undefined');
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(
        /^http.*\/v3\/sso\/authorize\/\?email=alex%40acme\.example&attempt=[\w-]{22}$/,
      ),
      'corkboard_sso',
      SSO_POPUP_FEATURES,
    );
    expect(SSO_POPUP_FEATURES).toContain('width=600,height=600');
  });

  test('ignores messages from other origins, then takes the code from ours', async () => {
    const window = { closed: false, close: vi.fn() };
    const { view, post } = fakeView(window);
    const popup = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], notAsked, view);
    post('https://evil.test', callback('stolen'));
    post(MAIN, callback('not-from-the-popup'), {});
    post(MAIN, callback('code-1'));
    await expect(popup.result).resolves.toEqual({ code: 'code-1', state: 'state-1' });
    expect(window.close).toHaveBeenCalled();
  });

  test("an IdP refusal fails with 'No tokens returned'", async () => {
    const { view, post } = fakeView({ closed: false, close: vi.fn() });
    const popup = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], notAsked, view);
    post(MAIN, callback(null, 'denied'));
    await expect(popup.result).rejects.toThrow('No tokens returned');
  });
});

/** The attempt id the pop-up was opened with (its authorization URI's `attempt`). */
function attemptOf(open: ReturnType<typeof fakeView>['open']): string | null {
  const url = open.mock.calls[0] ? String((open.mock.calls[0] as unknown[])[0]) : '';
  return URL.canParse(url) ? new URL(url).searchParams.get('attempt') : null;
}

const FINISHED = { finished: true, code: 'code-late', state: 'state-1', error: null };
const NOT_FINISHED = { finished: false, code: null, state: null, error: null };

// ADR 213. On a slow machine the callback page posts its message and closes at once; the opener
// can see `popup.closed` before the message is dispatched (or the message never comes). These
// replay that order: the pop-up is closed, the poll runs, and no message has come.
describe('a pop-up that closed before its message arrived', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function closedPopup() {
    const popupWindow = { closed: false, close: vi.fn() };
    const fake = fakeView(popupWindow);
    return { popupWindow, ...fake };
  }

  test('asks the server for its attempt and takes the code it kept', async () => {
    const { popupWindow, view, open } = closedPopup();
    const lookup = vi.fn((_attempt: string) => Promise.resolve(FINISHED));
    const popup = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], lookup, view);
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    await expect(popup.result).resolves.toEqual({ code: 'code-late', state: 'state-1' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith(attemptOf(open));
    expect(attemptOf(open)).toMatch(/^[\w-]{22}$/);
  });

  test('a message that comes while the server is asked settles it once', async () => {
    const { popupWindow, view, post } = closedPopup();
    let answer: (value: typeof FINISHED) => void = () => undefined;
    const lookup = vi.fn(() => new Promise<typeof FINISHED>((resolve) => (answer = resolve)));
    const popup = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], lookup, view);
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    expect(lookup).toHaveBeenCalledTimes(1);
    post(MAIN, callback('code-1'));
    answer(FINISHED);
    await expect(popup.result).resolves.toEqual({ code: 'code-1', state: 'state-1' });
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS * 3);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  test("closed by the person (the server has no result): 'Window is undefined'", async () => {
    const { popupWindow, view } = closedPopup();
    const popup = openSsoPopup(
      SSO_INFO.authorization_uri!,
      [MAIN],
      () => Promise.resolve(NOT_FINISHED),
      view,
    );
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    await expect(popup.result).rejects.toMatchObject({
      message: 'Window is undefined',
      reason: 'closed',
    });
  });

  test("the IdP's refusal kept by the server: 'No tokens returned'", async () => {
    const { popupWindow, view } = closedPopup();
    const popup = openSsoPopup(
      SSO_INFO.authorization_uri!,
      [MAIN],
      () => Promise.resolve({ finished: true, code: null, state: null, error: 'denied' }),
      view,
    );
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    await expect(popup.result).rejects.toMatchObject({
      message: 'No tokens returned',
      reason: 'denied',
    });
  });

  test("a failed lookup is asked again; failing every time is 'No tokens returned'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const first = closedPopup();
      const flaky = vi
        .fn<(attempt: string) => Promise<typeof FINISHED>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(FINISHED);
      const recovered = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], flaky, first.view);
      first.popupWindow.closed = true;
      await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
      await expect(recovered.result).resolves.toEqual({ code: 'code-late', state: 'state-1' });
      expect(flaky).toHaveBeenCalledTimes(SSO_RESULT_LOOKUP_TRIES);

      const second = closedPopup();
      const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      const failed = openSsoPopup(SSO_INFO.authorization_uri!, [MAIN], down, second.view);
      second.popupWindow.closed = true;
      await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
      await expect(failed.result).rejects.toMatchObject({ message: 'No tokens returned' });
      expect(down).toHaveBeenCalledTimes(SSO_RESULT_LOOKUP_TRIES);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the debounced SSO check', () => {
  let requests: string[] = [];
  let warn: MockInstance<(...args: unknown[]) => void>;
  beforeEach(() => {
    requests = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  function stubInfo(answer: (email: string) => Response) {
    stubApi((url, init) => {
      if (url.pathname !== '/v3/sso/info/') return undefined;
      const raw = typeof init?.body === 'string' ? init.body : '{}';
      const email = (JSON.parse(raw) as { email: string }).email;
      requests.push(email);
      return answer(email);
    });
  }

  function renderCheck(initial: string) {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(({ email }: { email: string }) => useSsoCheck(email, true), {
      wrapper,
      initialProps: { email: initial },
    });
  }

  /** Lets the request, its JSON and the query's notifications (a zero timeout) run. */
  async function settle() {
    for (let i = 0; i < 10; i += 1) {
      await act(() => Promise.resolve());
      act(() => {
        vi.advanceTimersByTime(0);
      });
    }
  }

  test('asks 300 ms after typing stops, once, only for a valid e-mail', async () => {
    stubInfo(() => ok(SSO_INFO));
    const hook = renderCheck('alex@acme');
    hook.rerender({ email: 'alex@acme.exa' });
    hook.rerender({ email: 'alex@acme.example' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    await settle();
    expect(requests).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(requests).toEqual(['alex@acme.example']);
    expect(hook.result.current).toMatchObject({ is_sso: true });
    // Typing on: the answer no longer counts for what the field holds.
    hook.rerender({ email: 'alex@acme.example.org' });
    expect(hook.result.current).toBeNull();

    requests = [];
    hook.rerender({ email: 'not an email' });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    await settle();
    expect(requests).toEqual([]);
    expect(hook.result.current).toBeNull();
  });

  test('a failed lookup is logged and counts as not SSO', async () => {
    stubInfo(() => fail('INTERNAL'));
    const hook = renderCheck('sam@acme.example');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    await settle();
    expect(requests).toEqual(['sam@acme.example']);
    expect(hook.result.current).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('the sign-up form with an SSO e-mail', () => {
  let assign: MockInstance<(url: string) => void>;
  beforeEach(() => {
    assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign.mockRestore();
    clearCookies();
  });

  test("reads 'Continue with SSO' without the password, and sends a new SSO user to the business SSO sign-up", async () => {
    stubApi((url) => {
      switch (url.pathname) {
        case '/v3/feeds/home/':
          return ok([]);
        case '/v3/auth/providers/':
          return ok({
            dev_peers: false,
            google: null,
            facebook: null,
            line: null,
            sso: { enabled: true },
            country: null,
          });
        case '/v3/sso/info/':
          return ok(SSO_INFO);
        default:
          return undefined;
      }
    });
    renderApp('/signup/');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Continue with email' }, { timeout: 25_000 }),
    );
    const email = await screen.findByLabelText('Email');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'alex@acme.example' } });
    const button = await screen.findByRole('button', { name: 'Continue with SSO' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(button);
    const page = await screen.findByRole(
      'heading',
      { name: 'Create your business account with SSO' },
      { timeout: 25_000 },
    );
    expect(
      within(page.closest('.auth__view') as HTMLElement).getByText('alex@acme.example'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with SSO' })).toBeEnabled();
  }, 30_000);
});
