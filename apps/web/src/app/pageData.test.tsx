// A visitor's first answers from the HTML (docs/decisions/207): read once, put into the query
// cache under the keys the pages' hooks use, and fresh, so the first render has its data and
// nothing is fetched again.
import { failure, success } from '@corkboard/shared/envelope';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { useBoard, useBoardPins } from '../features/boards/hooks.ts';
import { useHomeFeed } from '../features/feed/hooks.ts';
import { usePin } from '../features/pin/hooks.ts';
import { makeBoardDetail, makePin, makePins } from '../test/fixtures.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { preloadablePage } from './lazyPage.ts';
import { PAGE_DATA_ELEMENT_ID } from '@corkboard/shared/page-data';
import { seedFor, seedQueryCache, takePageData } from './pageData.ts';

function addPageData(text: string, type = 'application/json') {
  const element = document.createElement('script');
  element.type = type;
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
  return element;
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('takePageData', () => {
  test('parses the element once and takes it out of the document', () => {
    addPageData('{"/v3/pins/1/":{"resource_response":{"status":"success","data":{"id":"1"}}}}');
    expect(takePageData()).toEqual({
      '/v3/pins/1/': { resource_response: { status: 'success', data: { id: '1' } } },
    });
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(takePageData()).toEqual({});
  });

  test('ignores what does not parse or is not JSON data', () => {
    addPageData('{"broken":');
    expect(takePageData()).toEqual({});
    addPageData('[1, 2]');
    expect(takePageData()).toEqual({});
    addPageData('{"a":1}', 'text/plain');
    expect(takePageData()).toEqual({});
  });
});

describe('seedFor', () => {
  test('names the query each inlined URL answers, as the hooks spell it', () => {
    expect(seedFor('/v3/feeds/home/?page_size=25')).toEqual({
      kind: 'list',
      key: queryKeys.homeFeed(),
    });
    expect(seedFor('/v3/pins/42/')).toEqual({ kind: 'one', key: queryKeys.pin('42') });
    expect(seedFor('/v3/boards/mira/garden%20rooms/')).toEqual({
      kind: 'one',
      key: queryKeys.board('mira', 'garden rooms'),
    });
    expect(seedFor('/v3/boards/7/pins/?page_size=25')).toEqual({
      kind: 'list',
      key: queryKeys.boardPins('7'),
    });
    // Other pages of a list, other lists and malformed paths are left to the app's requests.
    expect(seedFor('/v3/boards/7/pins/?page_size=25&bookmark=x')).toBeUndefined();
    expect(seedFor('/v3/feeds/following/?page_size=25')).toBeUndefined();
    expect(seedFor('/v3/pins/%E0%A4%A/')).toBeUndefined();
  });
});

describe('seedQueryCache', () => {
  const pins = makePins(1, 3);
  const board = makeBoardDetail({ id: '7' });
  const answers = {
    '/v3/feeds/home/?page_size=25': success(pins, 'next-page'),
    '/v3/pins/1/': success(makePin('1')),
    '/v3/boards/mira/garden-rooms/': success(board),
    '/v3/boards/7/pins/?page_size=25': success(pins),
    '/v3/pins/2/': failure({ api_error_code: 40, message: 'Pin not found.', http_status: 404 }),
    '/v3/users/me/': success({ id: 'someone' }),
  };

  test('stores each successful answer as its hook would, and nothing else', () => {
    const queryClient = createTestQueryClient();
    expect(seedQueryCache(queryClient, answers)).toBe(4);
    expect(queryClient.getQueryData(queryKeys.homeFeed())).toEqual({
      pages: [{ data: pins, bookmark: 'next-page' }],
      pageParams: [undefined],
    });
    expect(queryClient.getQueryData(queryKeys.pin('1'))).toEqual(makePin('1'));
    expect(queryClient.getQueryData(queryKeys.board('mira', 'garden-rooms'))).toEqual(board);
    expect(queryClient.getQueryData(queryKeys.boardPins('7'))).toEqual({
      pages: [{ data: pins, bookmark: undefined }],
      pageParams: [undefined],
    });
    expect(queryClient.getQueryData(queryKeys.pin('2'))).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(4);
  });

  test('gives the hooks their data in the first render, without a request', () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createTestQueryClient();
    seedQueryCache(queryClient, answers);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const first = <T,>(hook: () => T): T[] => {
      const renders: T[] = [];
      renderHook(() => renders.push(hook()), { wrapper });
      return renders;
    };
    const [feed] = first(() => useHomeFeed());
    expect(feed?.data?.pages[0]?.data).toEqual(pins);
    expect(feed?.hasNextPage).toBe(true);
    expect(first(() => usePin('1'))[0]?.data?.id).toBe('1');
    expect(first(() => useBoard('mira', 'garden-rooms'))[0]?.data).toEqual(board);
    expect(first(() => useBoardPins('7', undefined))[0]?.data?.pages[0]?.data).toEqual(pins);
    // Fresh for the usual stale time: mounting did not refetch.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(queryKeys.homeFeed())?.isInvalidated).toBe(false);
  });
});

describe('preloadablePage', () => {
  function Greeting() {
    return <p>Page drawn</p>;
  }

  test('renders at once once its chunk has arrived', async () => {
    const Page = preloadablePage(() => Promise.resolve({ Greeting }), 'Greeting');
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    // In the same render: no loading state first.
    expect(screen.getByText('Page drawn')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  test('suspends like lazy() until its chunk arrives when not preloaded', async () => {
    const Page = preloadablePage(() => Promise.resolve({ Greeting }), 'Greeting');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Page drawn')).toBeTruthy();
  });
});
