// Drives the peers' sign-in pages over HTTP the way a browser would — cookies, redirects, form
// posts — so Node tests (the peers' own, and the product's API tests) can run a full
// authorization flow without Chromium: start at the product's authorization URL, pick an
// account on the chooser, and get back the redirect to the product's callback.

interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly origin: string;
  readonly path: string;
}

/** Host-only cookies with Path and expiry, enough for the peers' own cookies. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(url: URL, setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const attributeValue = rest.join('=').trim();
        switch (key.trim().toLowerCase()) {
          case 'path':
            path = attributeValue || '/';
            break;
          case 'max-age':
            expired ||= Number(attributeValue) <= 0;
            break;
          case 'expires':
            expired ||= Date.parse(attributeValue) <= Date.now();
            break;
        }
      }
      const key = `${url.origin} ${path} ${name}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, origin: url.origin, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = [...this.#cookies.values()]
      .filter(
        (cookie) =>
          cookie.origin === url.origin &&
          (url.pathname === cookie.path ||
            url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)),
      )
      // Longer paths first, as browsers send them.
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }
}

export interface BrowserResponse {
  readonly url: URL;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface HttpBrowserOptions {
  /** Stop following redirects at a URL this accepts (typically the product's callback). */
  readonly stopAt?: (url: URL) => boolean;
  /** Redirects followed at most; default 20. */
  readonly maxRedirects?: number;
}

/** fetch with a cookie jar and manual redirect following. */
export class HttpBrowser {
  readonly jar = new CookieJar();

  async request(
    input: string | URL,
    init: { method?: string; form?: Record<string, string> | URLSearchParams } = {},
    options: HttpBrowserOptions = {},
  ): Promise<BrowserResponse> {
    let url = new URL(input);
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let body: URLSearchParams | undefined = init.form ? new URLSearchParams(init.form) : undefined;
    for (let hop = 0; ; hop++) {
      if (options.stopAt?.(url)) {
        return { url, status: 0, headers: new Headers(), text: '' };
      }
      const cookie = this.jar.header(url);
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          accept: 'text/html,application/json',
        },
        ...(body ? { body: body.toString() } : {}),
      });
      this.jar.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        if (hop >= (options.maxRedirects ?? 20))
          throw new Error(`too many redirects at ${url.href}`);
        url = new URL(location, url);
        if (response.status !== 307 && response.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return {
        url,
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      };
    }
  }
}

export interface PageForm {
  readonly action: URL;
  /** Every named field with a value: hidden inputs, text inputs, checked checkboxes (last wins). */
  readonly fields: Record<string, string>;
  /** The same fields in document order, repeated names kept (what a browser submits). */
  readonly entries: readonly (readonly [string, string])[];
  /** `name=value` of each submit button, e.g. `account=<sub>`. */
  readonly buttons: readonly {
    readonly name: string;
    readonly value: string;
    readonly label: string;
  }[];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found?.[1] === undefined ? undefined : decodeEntities(found[1]);
}

/** The POST forms of a peer page (the peers' own markup: double-quoted attributes). */
export function parseForms(page: BrowserResponse): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of page.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, open = '', inner = ''] = match;
    if ((attribute(open, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const entries: [string, string][] = [];
    for (const input of inner.matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = attribute(tag, 'name');
      if (!name) continue;
      const type = attribute(tag, 'type') ?? 'text';
      if (type === 'checkbox' && !/\schecked\b/.test(tag)) continue;
      entries.push([name, attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : '')]);
    }
    const fields = Object.fromEntries(entries);
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].flatMap(
      (button) => {
        const name = attribute(button[1] ?? '', 'name');
        const value = attribute(button[1] ?? '', 'value');
        const label = decodeEntities((button[2] ?? '').replace(/<[^>]*>/g, '').trim());
        return name && value !== undefined ? [{ name, value, label }] : [];
      },
    );
    forms.push({
      action: new URL(attribute(open, 'action') ?? page.url.href, page.url),
      fields,
      entries,
      buttons,
    });
  }
  return forms;
}

export type Choice =
  /** The test account with this id (OIDC `sub`, Facebook/Instagram user id). */
  | { readonly account: string; readonly fields?: Record<string, string> }
  /** A made-up account from the "use another account" form. */
  | { readonly newAccount: Record<string, string> }
  | 'cancel';

/**
 * Submits a choice on a chooser page already loaded in `browser`, then follows redirects until
 * `stopAt` accepts the URL (returned) or a page is reached (an error is thrown with its text).
 */
export async function submitChoice(
  browser: HttpBrowser,
  page: BrowserResponse,
  choice: Choice,
  stopAt: (url: URL) => boolean,
): Promise<BrowserResponse> {
  const forms = parseForms(page);
  let form: PageForm | undefined;
  let overrides: Record<string, string>;
  if (choice === 'cancel' || 'account' in choice) {
    const value = choice === 'cancel' ? 'cancel' : choice.account;
    form = forms.find((f) => f.buttons.some((b) => b.name === 'account' && b.value === value));
    if (!form) throw new Error(`no button for account ${value} on ${page.url.href}`);
    overrides = { ...(choice !== 'cancel' ? choice.fields : {}), account: value };
  } else {
    form = forms.find((f) => f.fields.account === 'new');
    if (!form) throw new Error(`no new-account form on ${page.url.href}`);
    overrides = choice.newAccount;
  }
  const fields = new URLSearchParams(form.entries.map(([name, value]) => [name, value]));
  for (const [name, value] of Object.entries(overrides)) {
    // An empty value unticks a checkbox (a browser would not send it at all).
    if (value === '') fields.delete(name);
    else fields.set(name, value);
  }
  return browser.request(form.action, { form: fields }, { stopAt });
}

/**
 * The whole round trip: open `authorizationUrl`, choose, and return the URL the peer sends the
 * browser back to (the callback with `code`/`state`, or `error=access_denied`).
 */
export async function authorizeWithChoice(
  authorizationUrl: string | URL,
  choice: Choice,
  stopAt: (url: URL) => boolean,
  browser = new HttpBrowser(),
): Promise<URL> {
  const chooser = await browser.request(authorizationUrl, {}, { stopAt });
  if (chooser.status === 0) return chooser.url;
  if (chooser.status !== 200) {
    throw new Error(
      `chooser answered ${chooser.status}: ${chooser.text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 300)}`,
    );
  }
  const result = await submitChoice(browser, chooser, choice, stopAt);
  if (result.status !== 0) {
    throw new Error(
      `sign-in ended on ${result.url.href} (${result.status}): ${result.text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 300)}`,
    );
  }
  return result.url;
}
