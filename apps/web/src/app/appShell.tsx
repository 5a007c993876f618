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
import { rememberShellViewer } from '../features/session/signedInRequest.ts';

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
 * that answer comes. A signed-in request's viewer is asked for as before; that the shell said
 * `member` is remembered (features/session/signedInRequest.ts) so that the home tabs are drawn
 * from the first render instead of pushing the grid down when the answer comes (cls13).
 */
export function seedViewerFromShell(queryClient: QueryClient, doc: Document = document): void {
  const viewer = shellViewer(doc);
  // Pages that draw signed-in-only parts above their content ask for it (no shift, cls13).
  rememberShellViewer(viewer);
  if (viewer === 'visitor') queryClient.setQueryData(queryKeys.viewer(), null);
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
