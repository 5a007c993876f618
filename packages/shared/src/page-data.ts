/**
 * The id of the `<script type="application/json">` in which the server gives a visitor page's
 * first API answers (docs/decisions/207): the API writes it (apps/api/src/plugins/app/
 * page-meta.ts), the web app reads it before its first render (apps/web/src/app/pageData.ts).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The id of the header the server paints before the web app has run (docs/decisions/215): the
 * API writes it outside `#root` (apps/api/src/plugins/app/app-shell.ts), the web app removes it in
 * the commit of its first render (apps/web/src/app/appShell.ts), where its own header takes the
 * same place.
 */
export const APP_SHELL_ELEMENT_ID = 'app-shell';

/**
 * The shell's `data-viewer`: `visitor` when the request came without a valid session (its header
 * has Log in and Sign up, and the web app starts knowing the viewer is nobody), `member` when it
 * came signed in (a neutral header: nothing of the person).
 */
export const APP_SHELL_VIEWER_ATTRIBUTE = 'data-viewer';
export type AppShellViewer = 'visitor' | 'member';
