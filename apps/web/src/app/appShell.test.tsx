// The server's header (#app-shell, docs/decisions/215) is taken away in the commit of the app's
// first render, where the app's own header appears; the narrow-layout rules it repeats as a media
// query stay those of the app's header.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { APP_SHELL_ELEMENT_ID, APP_SHELL_VIEWER_ATTRIBUTE } from '@corkboard/shared/page-data';
import { BREAKPOINT_MEDIUM_MIN } from '@corkboard/shared/layout';
import { queryKeys } from '../api/queryKeys.ts';
import { useViewer } from '../features/session/hooks.ts';
import { awaitingSignedInViewer } from '../features/session/signedInRequest.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { AppShellHandoff, removeAppShell, seedViewerFromShell, shellViewer } from './appShell.tsx';

function addShell(viewer = 'visitor') {
  const shell = document.createElement('div');
  shell.id = APP_SHELL_ELEMENT_ID;
  shell.setAttribute(APP_SHELL_VIEWER_ATTRIBUTE, viewer);
  shell.innerHTML = '<header class="site-header">server</header>';
  document.body.prepend(shell);
  return shell;
}

afterEach(() => {
  document.getElementById(APP_SHELL_ELEMENT_ID)?.remove();
});

describe('AppShellHandoff', () => {
  test("removes the server's header in the same commit that draws the app's", () => {
    addShell();
    let shellDuringRender: Element | null = null;
    function AppHeader() {
      shellDuringRender = document.getElementById(APP_SHELL_ELEMENT_ID);
      return <header>app</header>;
    }
    render(
      <>
        <AppShellHandoff />
        <AppHeader />
      </>,
    );
    // Still there while the app renders (no frame without a header) ...
    expect(shellDuringRender).not.toBeNull();
    // ... and gone once that render is committed: one header in the document.
    expect(document.getElementById(APP_SHELL_ELEMENT_ID)).toBeNull();
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(screen.queryByText('server')).toBeNull();
  });

  test('does nothing on a page without a shell, and removing twice is harmless', () => {
    expect(() => render(<AppShellHandoff />)).not.toThrow();
    removeAppShell();
    expect(document.getElementById(APP_SHELL_ELEMENT_ID)).toBeNull();
  });
});

describe('shellViewer', () => {
  test('reads who the server saw', () => {
    expect(shellViewer()).toBeUndefined();
    addShell('visitor');
    expect(shellViewer()).toBe('visitor');
    removeAppShell();
    addShell('member');
    expect(shellViewer()).toBe('member');
    removeAppShell();
    addShell('someone-else');
    expect(shellViewer()).toBeUndefined();
  });
});

describe('seedViewerFromShell', () => {
  test("a visitor's shell: the app knows the viewer is nobody from its first render, unasked", () => {
    addShell('visitor');
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    const queryClient = createTestQueryClient();
    seedViewerFromShell(queryClient);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useViewer(), { wrapper });
    // Not pending (HeaderAuth's empty corner) but known: HeaderAuth draws Log in and Sign up.
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  test('a signed-in shell, or none: the viewer is left to its request', () => {
    for (const viewer of ['member', undefined]) {
      if (viewer) addShell(viewer);
      const queryClient = createTestQueryClient();
      seedViewerFromShell(queryClient);
      expect(queryClient.getQueryState(queryKeys.viewer())).toBeUndefined();
      removeAppShell();
    }
  });
});

describe('awaitingSignedInViewer', () => {
  test("true only while the viewer is pending and the start-up shell said 'member'", () => {
    for (const [viewer, expected] of [
      ['member', true],
      ['visitor', false],
      [undefined, false],
    ] as const) {
      if (viewer) addShell(viewer);
      seedViewerFromShell(createTestQueryClient());
      // The shell is gone after the first commit: what it said is remembered.
      removeAppShell();
      expect(awaitingSignedInViewer(true)).toBe(expected);
      expect(awaitingSignedInViewer(false)).toBe(false);
    }
  });
});

/**
 * A stylesheet's text (Vitest hands CSS imports to tests empty): from apps/web/src, whether the
 * run started at the repository's root or in apps/web.
 */
function stylesheet(path: string): string {
  const candidates = [join(process.cwd(), 'apps/web/src', path), join(process.cwd(), 'src', path)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`${path} not found from ${process.cwd()}`);
  return readFileSync(found, 'utf8');
}

const appStyles = stylesheet('ui/styles.css');
const shellStyles = stylesheet('app/shell.css');

/** selector → declarations (whitespace-normalised), for the rules whose selector matches. */
function rules(css: string, keep: (selector: string) => boolean): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, selector = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const name = selector.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (keep(name)) found.set(name, body.replace(/\s+/g, ' ').trim());
  }
  return found;
}

describe('shell.css', () => {
  test("repeats every narrow-layout header rule of the app's stylesheet, under the narrow breakpoint", () => {
    const narrow = rules(
      appStyles,
      (selector) =>
        selector === "[data-layout='narrow']" ||
        selector.startsWith("[data-layout='narrow'] .site-header"),
    );
    expect(narrow.size).toBeGreaterThanOrEqual(5);
    expect(shellStyles).toContain(`@media (width < ${String(BREAKPOINT_MEDIUM_MIN)}px)`);
    const shell = rules(shellStyles, (selector) => selector.startsWith(`#${APP_SHELL_ELEMENT_ID}`));
    const expected = new Map(
      [...narrow].map(([selector, body]) => [
        selector.replace("[data-layout='narrow']", `#${APP_SHELL_ELEMENT_ID}`),
        body,
      ]),
    );
    expect(Object.fromEntries(shell)).toEqual(Object.fromEntries(expected));
  });
});
