import { failure, success } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, apiGet, apiGetPage, apiSend, readCookie } from './client.ts';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lastRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  const url = input instanceof Request ? input.url : input.toString();
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

afterEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('apiGet', () => {
  test('returns the data of a success envelope, same-origin, asking for JSON', async () => {
    const fetchMock = stubFetch(Response.json(success({ id: '1', title: 'Bread' })));
    await expect(apiGet('/v3/pins/1/')).resolves.toEqual({ id: '1', title: 'Bread' });
    const { url, init, headers } = lastRequest(fetchMock);
    expect(url).toBe('/v3/pins/1/');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('X-CSRFToken')).toBe(false);
  });

  test('turns a failure envelope into an ApiError with code, status, message and detail', async () => {
    const definition = ERROR_CODES.PIN_NOT_FOUND;
    stubFetch(
      Response.json(
        failure({
          api_error_code: definition.code,
          message: definition.message,
          message_detail: 'Pin 9 was deleted.',
          http_status: definition.httpStatus,
          data: { id: '9' },
        }),
        { status: 404 },
      ),
    );
    const error = await apiGet('/v3/pins/9/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 110,
      httpStatus: 404,
      message: definition.message,
      detail: 'Pin 9 was deleted.',
      data: { id: '9' },
      isClientError: true,
    });
  });

  test('a body that is not our envelope keeps the HTTP status', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiGet('/v3/pins/1/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: ERROR_CODES.INTERNAL.code,
      httpStatus: 502,
      isClientError: false,
    });
  });

  test('JSON without the envelope is an error, not data', async () => {
    stubFetch(Response.json({ hello: 'world' }));
    await expect(apiGet('/v3/pins/1/')).rejects.toMatchObject({ code: ERROR_CODES.INTERNAL.code });
  });

  test('a request that gets no answer is a network ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/v3/pins/1/')).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      httpStatus: 0,
      message: 'Failed to fetch',
    });
  });

  test('an aborted request is rethrown as the abort, not as an API failure', async () => {
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const error = await apiGet('/v3/pins/1/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
  });
});

describe('apiGetPage', () => {
  test('sends bookmark and page size and returns the next bookmark', async () => {
    const fetchMock = stubFetch(Response.json(success([{ id: '1' }], 'next-cursor')));
    const page = await apiGetPage('/v3/search/pins/', {
      bookmark: 'abc=',
      pageSize: 25,
      query: { q: 'garden beds' },
    });
    expect(page).toEqual({ data: [{ id: '1' }], bookmark: 'next-cursor' });
    const url = new URL(lastRequest(fetchMock).url, 'http://localhost');
    expect(url.pathname).toBe('/v3/search/pins/');
    expect(url.searchParams.get('q')).toBe('garden beds');
    expect(url.searchParams.get('bookmark')).toBe('abc=');
    expect(url.searchParams.get('page_size')).toBe('25');
  });

  test('the first page sends no bookmark, and the last page has none', async () => {
    const fetchMock = stubFetch(Response.json(success([])));
    const page = await apiGetPage('/v3/feeds/home/');
    expect(page.bookmark).toBeUndefined();
    expect(lastRequest(fetchMock).url).toBe('/v3/feeds/home/');
  });
});

describe('apiSend', () => {
  test('POST carries the csrftoken cookie in X-CSRFToken and a JSON body', async () => {
    document.cookie = 'csrftoken=tok%3D123';
    const fetchMock = stubFetch(Response.json(success({ saved: true })));
    await expect(
      apiSend('POST', '/resource/PinResource/create/', { options: { id: '1' } }),
    ).resolves.toEqual({
      saved: true,
    });
    const { init, headers } = lastRequest(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-CSRFToken')).toBe('tok=123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ options: { id: '1' } }));
  });

  test('a CSRF failure surfaces as its registry code', async () => {
    const definition = ERROR_CODES.CSRF_FAILED;
    stubFetch(
      Response.json(
        failure({ api_error_code: definition.code, message: definition.message, http_status: 403 }),
        { status: 403 },
      ),
    );
    await expect(apiSend('DELETE', '/resource/PinResource/delete/')).rejects.toMatchObject({
      code: definition.code,
      httpStatus: 403,
    });
  });
});

describe('readCookie', () => {
  test('finds a cookie among others and decodes it', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=x%20y; b=2')).toBe('x y');
    expect(readCookie('csrftoken', 'a=1')).toBeUndefined();
  });
});
