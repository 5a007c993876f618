// A stand-in for the API in component tests: `fetch` is stubbed with real Response objects built
// from the shared envelope helpers, so the client's parsing runs exactly as in the browser.
import { failure, success } from '@corkboard/shared/envelope';
import { ERROR_CODES, type ErrorCodeName } from '@corkboard/shared/error-codes';
import { vi } from 'vitest';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

export function ok(data: unknown, bookmark?: string): Response {
  return Response.json(success(data, bookmark));
}

export function fail(name: ErrorCodeName, detail?: string): Response {
  const definition = ERROR_CODES[name];
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      ...(detail ? { message_detail: detail } : {}),
    }),
    { status: definition.httpStatus },
  );
}

/**
 * What every page asks besides its own data, answered as for a visitor unless the test's
 * handler answers first: who is signed in (nobody), the experiment groups (control) and the
 * captcha (off).
 */
export function visitorDefaults(url: URL): Response | undefined {
  switch (url.pathname) {
    case '/v3/users/me/':
      return fail('UNAUTHORIZED');
    case '/v3/experiments/':
      return ok({
        visitor_id: 'visitor-test-000000000',
        groups: {
          web_increased_min_password_length: 'control',
          web_kr_privacy_consent_step: 'control',
        },
      });
    case '/v3/experiments/exposures/':
      return ok({ groups: {} });
    case '/v3/captcha/config/':
      return ok({ provider: 'off', site_key: null, challenge_site_key: null });
    default:
      return undefined;
  }
}

/**
 * Stubs global fetch. Each request goes to `handler` with its URL resolved against the page,
 * then to visitorDefaults; a request neither answers is a test bug and fails loudly as a 404
 * ROUTE_NOT_FOUND.
 */
export function stubApi(handler: Handler) {
  /** Requests the test's handler answered (the visitor defaults are not the test's subject). */
  const handled: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : input.toString();
    const url = new URL(raw, 'http://localhost');
    const answer = handler(url, init);
    if (answer) {
      handled.push(url.pathname + url.search);
      return Promise.resolve(answer);
    }
    return Promise.resolve(
      visitorDefaults(url) ?? fail('ROUTE_NOT_FOUND', `${url.pathname} not stubbed`),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Paths (with query) the handler answered so far, in order. */
    requests: () => [...handled],
    /** JSON bodies of the requests to `path`, in order. */
    bodies: (path: string): unknown[] =>
      fetchMock.mock.calls
        .filter(([input]) => {
          const url = new URL(
            input instanceof Request ? input.url : input.toString(),
            'http://localhost',
          );
          return url.pathname === path;
        })
        .map(([, init]) =>
          typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        ),
  };
}
