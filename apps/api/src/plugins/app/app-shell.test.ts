// The header painted before the web app has run (docs/decisions/215): its copy is the app's own,
// its language the one the app will pick, it holds nothing that takes focus or is announced, and
// it goes where the web build left its marker.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_SHELL_ELEMENT_ID } from '@corkboard/shared/page-data';
import {
  injectShell,
  renderAppShell,
  SHELL_COPY,
  SHELL_MARKER,
  shellLanguage,
  type ShellLanguage,
} from './app-shell.ts';

function webLocale(language: ShellLanguage): {
  app: { name: string };
  header: { searchPlaceholder: string; logIn: string; signUp: string };
} {
  const url = new URL(`../../../../web/src/i18n/locales/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as ReturnType<typeof webLocale>;
}

describe('SHELL_COPY', () => {
  it.each(['en', 'es'] as const)("is the web app's own header copy (%s)", (language) => {
    const locale = webLocale(language);
    const copy = SHELL_COPY[language];
    expect(copy.name).toBe(locale.app.name);
    expect(copy.searchPlaceholder).toBe(locale.header.searchPlaceholder);
    expect(copy.logIn).toBe(locale.header.logIn);
    expect(copy.signUp).toBe(locale.header.signUp);
  });
});

describe('shellLanguage', () => {
  it('picks the first supported base tag of Accept-Language, as the app picks from navigator.languages', () => {
    expect(shellLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(shellLanguage('de-DE, EN-gb;q=0.7, es;q=0.5')).toBe('en');
    expect(shellLanguage('fr-FR,de;q=0.5')).toBe('en');
    expect(shellLanguage(undefined)).toBe('en');
    expect(shellLanguage('')).toBe('en');
    expect(shellLanguage('*')).toBe('en');
  });

  it('looks at a bounded number of tags', () => {
    expect(shellLanguage(`${Array.from({ length: 50 }, () => 'de').join(',')},es`)).toBe('en');
  });
});

describe('renderAppShell', () => {
  it("draws a visitor's header: logo, search field look, Log in and Sign up, all out of reach", () => {
    const html = renderAppShell('visitor', 'en');
    expect(
      html.startsWith(
        `<div id="${APP_SHELL_ELEMENT_ID}" class="app-shell" data-viewer="visitor" aria-hidden="true" inert>`,
      ),
    ).toBe(true);
    expect(html).toContain('<span class="site-header__wordmark">Corkboard</span>');
    expect(html).toContain('placeholder="Search"');
    expect(html).toContain(
      '<button type="button" class="button button--primary" tabindex="-1">Log in</button>',
    );
    expect(html).toContain(
      '<button type="button" class="button button--secondary" tabindex="-1">Sign up</button>',
    );
    expect(html).toContain('<noscript><p class="app-shell__noscript">');
    // No ids inside (the app's header owns #site-search) and no names for assistive tech.
    expect(html.match(/\sid="/g)).toHaveLength(1);
    expect(html).not.toContain('aria-label');
  });

  it('draws a neutral header for a signed-in request: an empty account corner', () => {
    const html = renderAppShell('member', 'es');
    expect(html).toContain('data-viewer="member"');
    expect(html).toContain('<div class="site-header__account"></div>');
    expect(html).not.toContain('<button');
    expect(html).toContain('placeholder="Buscar"');
  });

  it('escapes its copy', () => {
    const original = SHELL_COPY.en.logIn;
    SHELL_COPY.en.logIn = '<b>"x"</b>';
    try {
      expect(renderAppShell('visitor', 'en')).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    } finally {
      SHELL_COPY.en.logIn = original;
    }
  });
});

describe('injectShell', () => {
  it('replaces the marker, once, without reading $ patterns', () => {
    const html = `<body>${SHELL_MARKER}<div id="root"></div></body>`;
    expect(injectShell(html, '<i>$&</i>')).toBe('<body><i>$&</i><div id="root"></div></body>');
  });

  it('falls back to right before #root, and leaves a page without either alone', () => {
    expect(injectShell('<body><div id="root"></div></body>', '<i></i>')).toBe(
      '<body><i></i><div id="root"></div></body>',
    );
    expect(injectShell('<body></body>', '<i></i>')).toBe('<body></body>');
  });
});
