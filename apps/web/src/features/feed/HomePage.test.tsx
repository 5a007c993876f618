import { INFINITE_SCROLL_THROTTLE_MS } from '@corkboard/shared/layout';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { APP_SHELL_ELEMENT_ID, APP_SHELL_VIEWER_ATTRIBUTE } from '@corkboard/shared/page-data';
import { queryKeys } from '../../api/queryKeys.ts';
import { seedViewerFromShell } from '../../app/appShell.tsx';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePins } from '../../test/fixtures.ts';
import { createTestQueryClient, renderApp } from '../../test/render.tsx';

const firstPage = makePins(1, 25);
const secondPage = makePins(26, 5);

/** The feed answers page one with a bookmark and page two without one (the end). */
function stubTwoPageFeed() {
  return stubApi((url) => {
    if (url.pathname !== '/v3/feeds/home/') return undefined;
    return url.searchParams.get('bookmark') === 'page-2' ? ok(secondPage) : ok(firstPage, 'page-2');
  });
}

/**
 * jsdom has no layout: place the bottom of the pin list `distance` pixels below the bottom of
 * the viewport (window.innerHeight is 768 in jsdom).
 */
function placeListEnd(distance: number) {
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const isPinList = this.parentElement?.classList.contains('pin-grid') ?? false;
    // Everything else keeps jsdom's answer: an empty rectangle.
    const height = isPinList ? window.innerHeight + distance : 0;
    return DOMRect.fromRect({ x: 0, y: 0, width: isPinList ? 1024 : 0, height });
  });
  onTestFinished(() => spy.mockRestore());
  return spy;
}

/**
 * Scrolls, then runs the throttle's trailing check at once on fake clocks (no real waiting), and
 * lets any page request that check starts reach fetch. Returns how many times the list's end was
 * measured meanwhile (0 when nothing listens for scrolling any more).
 */
async function scrollAndSettle(layout: ReturnType<typeof placeListEnd>): Promise<number> {
  const measuredList = () =>
    layout.mock.contexts.filter((element) =>
      (element as HTMLElement).parentElement?.classList.contains('pin-grid'),
    ).length;
  const before = measuredList();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    fireEvent.scroll(window);
    vi.advanceTimersByTime(INFINITE_SCROLL_THROTTLE_MS);
  } finally {
    vi.useRealTimers();
  }
  // A page request starts within the same task as the check; flush it into fetch.
  await act(() => Promise.resolve());
  return measuredList() - before;
}

const pinLinks = () => within(screen.getByRole('main')).queryAllByRole('link');

describe('home feed', () => {
  test('shows the first page of pins as links to their closeups', async () => {
    placeListEnd(10_000);
    stubTwoPageFeed();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toHaveAttribute('href', '/pin/1/');
    await waitFor(() => expect(pinLinks()).toHaveLength(25));
    expect(document.title).toBe('Corkboard');
  });

  test('loads the second page when the list end comes within two viewport heights, then stops', async () => {
    const layout = placeListEnd(3 * window.innerHeight);
    const api = stubTwoPageFeed();
    renderApp('/');
    await waitFor(() => expect(pinLinks()).toHaveLength(25));
    // Three viewports away: no second request, even when the visitor scrolls (and the
    // throttle's trailing check has run and measured the list).
    expect(await scrollAndSettle(layout)).toBeGreaterThan(0);
    expect(api.requests()).toEqual(['/v3/feeds/home/?page_size=25']);

    layout.mockRestore();
    const nearer = placeListEnd(2 * window.innerHeight);
    fireEvent.scroll(window);
    expect(await screen.findByRole('link', { name: 'Pin 30' })).toBeInTheDocument();
    await waitFor(() => expect(pinLinks()).toHaveLength(30));
    expect(api.requests()).toEqual([
      '/v3/feeds/home/?page_size=25',
      '/v3/feeds/home/?bookmark=page-2&page_size=25',
    ]);

    // The second page had no bookmark: that is the end, however much the visitor scrolls.
    await scrollAndSettle(nearer);
    await scrollAndSettle(nearer);
    expect(api.requests()).toHaveLength(2);
  });

  test('shows an error with a retry button, and retrying loads the feed', async () => {
    placeListEnd(10_000);
    let failing = true;
    stubApi((url) => {
      if (url.pathname !== '/v3/feeds/home/') return undefined;
      return failing ? fail('INTERNAL') : ok(firstPage);
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an empty feed says there are no pins yet', async () => {
    stubApi((url) => (url.pathname === '/v3/feeds/home/' ? ok([]) : undefined));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No pins yet' })).toBeInTheDocument();
  });

  test('signed in, the Following tab shows pins from followed boards and people', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/feeds/home/') return ok(makePins(1, 2));
      if (url.pathname === '/v3/feeds/following/') return ok(makePins(50, 1));
      return undefined;
    });
    renderApp('/');
    const tabs = await screen.findByRole('navigation', { name: 'Home feeds' });
    expect(within(tabs).getByRole('link', { name: 'For you' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    fireEvent.click(within(tabs).getByRole('link', { name: 'Following' }));
    expect(await screen.findByRole('link', { name: 'Pin 50' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pin 1' })).toBeNull();
    expect(within(tabs).getByRole('link', { name: 'Following' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  /**
   * The app starts as main.tsx starts it: the server's header said who asked (ADR 215), and
   * /v3/users/me/ answers only when the test lets it.
   */
  function startWithShell(viewer: 'member' | 'visitor' | undefined) {
    const page = document.implementation.createHTMLDocument();
    if (viewer) {
      const shell = page.createElement('div');
      shell.id = APP_SHELL_ELEMENT_ID;
      shell.setAttribute(APP_SHELL_VIEWER_ATTRIBUTE, viewer);
      page.body.append(shell);
    }
    seedViewerFromShell(createTestQueryClient(), page);
    onTestFinished(() => {
      seedViewerFromShell(createTestQueryClient(), document.implementation.createHTMLDocument());
    });
    const api = stubApi((url) =>
      url.pathname === '/v3/feeds/home/' ? ok(makePins(1, 2)) : undefined,
    );
    let answerViewer = () => {};
    const viewerAnswered = new Promise<void>((resolve) => {
      answerViewer = resolve;
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname ===
      '/v3/users/me/'
        ? viewerAnswered.then(() => ok(makeAuthUser()))
        : api.fetchMock(input, init),
    );
    return answerViewer;
  }

  test('a signed-in request has its tabs above the grid before /v3/users/me/ answers (no shift)', async () => {
    const answerViewer = startWithShell('member');
    const { queryClient } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    // The grid is drawn while the viewer is still unknown: the tabs are already above it ...
    expect(queryClient.getQueryState(queryKeys.viewer())?.status).toBe('pending');
    const tabs = screen.getByRole('navigation', { name: 'Home feeds' });
    // ... and are the same element once the answer comes: nothing is inserted above the grid.
    answerViewer();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Following' })).toBe(
        within(tabs).getByRole('link', { name: 'Following' }),
      ),
    );
    expect(screen.getByRole('navigation', { name: 'Home feeds' })).toBe(tabs);
  });

  test('without a signed-in shell, no tabs are drawn while the viewer is unknown', async () => {
    startWithShell(undefined);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Home feeds' })).toBeNull();
  });

  test('visitors get no tabs, and ?tab=following still shows discovery', async () => {
    stubApi((url) => (url.pathname === '/v3/feeds/home/' ? ok(makePins(1, 1)) : undefined));
    renderApp('/?tab=following');
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Home feeds' })).toBeNull();
  });
});
