// The header the server paints before the app has run (docs/decisions/215): `#app-shell`, outside
// #root, written by apps/api/src/plugins/app/app-shell.ts in the app's own header classes. The
// app's first render draws its real header in the same place; the shell goes in the commit of
// that render (a layout effect: after the DOM is written, before the browser paints), so no frame
// shows both or neither.
import {
  APP_SHELL_ELEMENT_ID,
  APP_SHELL_VIEWER_ATTRIBUTE,
  type AppShellViewer,
} from '@corkboard/shared/page-data';
import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { queryKeys } from '../api/queryKeys.ts';

/**
 * Who the server saw: `visitor` (no valid session: the shell shows Log in / Sign up), `member`
 * (signed in), or undefined when the page has no shell (a page without the header, an old HTML).
 */
export function shellViewer(doc: Document = document): AppShellViewer | undefined {
  const value = doc.getElementById(APP_SHELL_ELEMENT_ID)?.getAttribute(APP_SHELL_VIEWER_ATTRIBUTE);
  return value === 'visitor' || value === 'member' ? value : undefined;
}

/**
 * The server painted a visitor's header (Log in / Sign up) because the request came without a
 * session: the app starts knowing that too (the viewer query holds `null`, as /v3/users/me/
 * would answer), so its first render shows the same buttons instead of an empty corner until
 * that answer comes. A signed-in request's shell says nothing: the app asks as before.
 */
export function seedViewerFromShell(queryClient: QueryClient, doc: Document = document): void {
  viewerAtStart = shellViewer(doc);
  if (viewerAtStart === 'visitor') queryClient.setQueryData(queryKeys.viewer(), null);
}

// What the shell said when the app started (seedViewerFromShell reads it before the first render
// takes the shell away).
let viewerAtStart: AppShellViewer | undefined;

/**
 * True while the viewer is still being asked for on a page whose request came signed in (the
 * shell said `member`; the server checked the session). What is drawn only for signed-in people
 * above the page's content (the home tabs) is drawn from the first render on, instead of arriving
 * with /v3/users/me/ and pushing the grid down (a layout shift; cls13 in docs/decisions/215).
 */
export function awaitingSignedInViewer(viewerPending: boolean): boolean {
  return viewerPending && viewerAtStart === 'member';
}

export function removeAppShell(doc: Document = document): void {
  doc.getElementById(APP_SHELL_ELEMENT_ID)?.remove();
}

/** Rendered once at the app's root: takes the server's header away as the app's own appears. */
export function AppShellHandoff() {
  useLayoutEffect(() => {
    removeAppShell();
  }, []);
  return null;
}
