// The header a page paints before the web app has run (docs/decisions/215). The HTML's #root is
// empty until the app's module script has downloaded, run and rendered, so on a slow phone the
// first paint waited for the script. This markup sits outside #root, styled by the app's own
// render-blocking stylesheet (the same classes as ui/Header.tsx, SearchBox.tsx and HeaderAuth.tsx,
// and apps/web/src/app/shell.css for the narrow layout, which the app sets from script), so the
// first paint comes right after HTML and CSS and shows the header where the app's header will
// be. The app removes it in the commit of its first render (apps/web/src/app/appShell.ts).
//
// It is a picture, not a control: `aria-hidden` and `inert` (nothing in it is focusable or
// announced; the app's header is the real one), and it holds nothing of the person asking: a
// visitor sees Log in / Sign up, a signed-in request a header without an account corner.
import {
  APP_SHELL_ELEMENT_ID,
  APP_SHELL_VIEWER_ATTRIBUTE,
  type AppShellViewer,
} from '@corkboard/shared/page-data';
import { escapeHtml } from './page-meta.ts';

/** The marker apps/web/index.html leaves in <body>, before #root, for the shell. */
export const SHELL_MARKER = '<!--app-shell-->';

/** The languages the web app ships (apps/web/src/i18n/i18n.ts SUPPORTED_LANGUAGES). */
export type ShellLanguage = 'en' | 'es';
export const SHELL_FALLBACK_LANGUAGE: ShellLanguage = 'en';

export interface ShellCopy {
  name: string;
  searchPlaceholder: string;
  logIn: string;
  signUp: string;
  /** Shown only with scripting off (<noscript>), outside the shell, so it is read. */
  needsScript: string;
}

/**
 * The header's copy as the web app's default namespace has it (apps/web/src/i18n/locales/
 * {en,es}.json: app.name, header.searchPlaceholder, header.logIn, header.signUp; app-shell.test.ts
 * compares them), and the no-script line (ADR 215: the spec has none; the app has no page
 * without script).
 */
export const SHELL_COPY: Record<ShellLanguage, ShellCopy> = {
  en: {
    name: 'Corkboard',
    searchPlaceholder: 'Search',
    logIn: 'Log in',
    signUp: 'Sign up',
    needsScript: 'Corkboard needs JavaScript. Turn it on in your browser to see pins and boards.',
  },
  es: {
    name: 'Corkboard',
    searchPlaceholder: 'Buscar',
    logIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    needsScript:
      'Corkboard necesita JavaScript. Actívalo en tu navegador para ver pines y tableros.',
  },
};

/** At most this many language tags of Accept-Language are looked at (a header can be long). */
export const SHELL_MAX_LANGUAGE_TAGS = 10;

/**
 * The language the web app will pick (its `pickLanguage` over `navigator.languages`, which
 * Chromium and Firefox send as Accept-Language, in the same order): the first supported base tag,
 * else English. A wrong guess costs a repaint of the header's words, never a shift: the app's
 * header is new nodes.
 */
export function shellLanguage(acceptLanguage: string | undefined): ShellLanguage {
  const tags = (acceptLanguage ?? '').split(',', SHELL_MAX_LANGUAGE_TAGS);
  for (const tag of tags) {
    const base = (tag.split(';', 1)[0] ?? '').trim().toLowerCase().split('-', 1)[0] ?? '';
    if (base === 'en' || base === 'es') return base;
  }
  return SHELL_FALLBACK_LANGUAGE;
}

// The same drawings as ui/Header.tsx's logo and SearchBox.tsx's icon.
const LOGO_MARK =
  '<svg class="site-header__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><circle cx="16" cy="16" r="16" fill="currentColor"/><path d="M16 7a9 9 0 1 0 6.4 15.4l-2.1-2.1A6 6 0 1 1 20.3 11.7l2.1-2.1A9 9 0 0 0 16 7z" fill="#fff"/></svg>';
const SEARCH_ICON =
  '<svg class="site-header__search-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="currentColor"/></svg>';

/**
 * The shell: the same elements and classes as the app's header (a link, a form with an input,
 * buttons), so the browser lays them out identically; every control has tabindex=-1 and the whole
 * is inert and aria-hidden. A visitor's account corner has Log in and Sign up; a signed-in
 * request's is the empty corner the app shows while it asks who is signed in (same min-width).
 */
export function renderAppShell(viewer: AppShellViewer, language: ShellLanguage): string {
  const copy = SHELL_COPY[language];
  const account =
    viewer === 'visitor'
      ? `<div class="site-header__account"><button type="button" class="button button--primary" tabindex="-1">${escapeHtml(copy.logIn)}</button><button type="button" class="button button--secondary" tabindex="-1">${escapeHtml(copy.signUp)}</button></div>`
      : '<div class="site-header__account"></div>';
  return [
    `<div id="${APP_SHELL_ELEMENT_ID}" class="app-shell" ${APP_SHELL_VIEWER_ATTRIBUTE}="${viewer}" aria-hidden="true" inert>`,
    '<header class="site-header">',
    `<a class="site-header__logo" href="/" tabindex="-1">${LOGO_MARK}<span class="site-header__wordmark">${escapeHtml(copy.name)}</span></a>`,
    `<form class="site-header__search" action="/search/pins/">${SEARCH_ICON}<input class="site-header__search-input" type="search" name="q" placeholder="${escapeHtml(copy.searchPlaceholder)}" tabindex="-1" autocomplete="off"></form>`,
    account,
    '</header>',
    '</div>',
    `<noscript><p class="app-shell__noscript">${escapeHtml(copy.needsScript)}</p></noscript>`,
  ].join('');
}

/**
 * Puts the shell where the web build left SHELL_MARKER (or right before #root if it did not).
 * Without either, the template is returned as it is: the page works as before, painting later.
 */
export function injectShell(html: string, shell: string): string {
  if (html.includes(SHELL_MARKER)) return html.replace(SHELL_MARKER, () => shell);
  return html.replace(/<div id="root">/, (root) => `${shell}${root}`);
}
