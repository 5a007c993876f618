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
import { useLayoutEffect } from 'react';

/**
 * Who the server saw: `visitor` (no valid session: the shell shows Log in / Sign up), `member`
 * (signed in), or undefined when the page has no shell (a page without the header, an old HTML).
 */
export function shellViewer(doc: Document = document): AppShellViewer | undefined {
  const value = doc.getElementById(APP_SHELL_ELEMENT_ID)?.getAttribute(APP_SHELL_VIEWER_ATTRIBUTE);
  return value === 'visitor' || value === 'member' ? value : undefined;
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
