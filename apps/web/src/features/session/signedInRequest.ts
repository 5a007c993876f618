// Whether the page's request came signed in, as the server's header said (#app-shell's
// data-viewer, docs/decisions/215): app/appShell.tsx records it at start-up, before the first
// render takes the shell away; pages read it here (features do not import app/).
import type { AppShellViewer } from '@corkboard/shared/page-data';

let viewerAtStart: AppShellViewer | undefined;

/** Called once at start-up with what the shell said (undefined: no shell). */
export function rememberShellViewer(viewer: AppShellViewer | undefined): void {
  viewerAtStart = viewer;
}

/**
 * True while the viewer is still being asked for on a page whose request came signed in (the
 * shell said `member`; the server checked the session). What is drawn only for signed-in people
 * above the page's content (the home tabs) is drawn from the first render on, instead of arriving
 * with /v3/users/me/ and pushing the grid down (a layout shift; cls13 addendum of ADR 215).
 */
export function awaitingSignedInViewer(viewerPending: boolean): boolean {
  return viewerPending && viewerAtStart === 'member';
}
