// URL canonicalization and suffix/prefix expressions as the Safe Browsing v4 protocol defines
// them ("URLs and Hashing"): a list entry such as `evil.example/` matches every URL on that host
// and its subdomains; `evil.example/a/` matches paths under /a/ only.

const MAX_HOST_SUFFIXES = 5;
const MAX_PATH_PREFIXES = 6;

function unescapeFully(text: string): string {
  let current = text;
  for (let i = 0; i < 1024; i++) {
    const next = current.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Escapes characters <= 0x20, >= 0x7f, `#` and `%`, as the spec requires. */
function escape(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'latin1')) {
    out +=
      byte <= 0x20 || byte >= 0x7f || byte === 0x23 || byte === 0x25
        ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(byte);
  }
  return out;
}

function parseIpv4(host: string): string | undefined {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = parseInt(part.slice(2) || '0', 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part, 8);
    else if (/^\d+$/.test(part)) value = parseInt(part, 10);
    else return undefined;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  const bytes = [...numbers];
  for (let i = 3 - numbers.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes.join('.');
}

function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.replace(/\/+/g, '/').split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = /\/\.{0,2}$/.test(path) && segments.at(-1) !== '' ? '/' : '';
  return `/${segments.join('/')}${trailing}`.replace(/\/+/g, '/');
}

export interface CanonicalUrl {
  readonly host: string;
  readonly path: string;
  /** Without the leading `?`; undefined when the URL has none. */
  readonly query: string | undefined;
  readonly isIp: boolean;
}

/** Canonicalizes a URL; a missing scheme means http. Returns undefined for what is not a URL. */
export function canonicalizeUrl(input: string): CanonicalUrl | undefined {
  let text = input.replace(/[\t\r\n]/g, '').trim();
  const hash = text.indexOf('#');
  if (hash >= 0) text = text.slice(0, hash);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  const afterScheme = text.slice(text.indexOf('://') + 3);
  const pathStart = afterScheme.search(/[/?]/);
  let authority = pathStart >= 0 ? afterScheme.slice(0, pathStart) : afterScheme;
  let rest = pathStart >= 0 ? afterScheme.slice(pathStart) : '/';
  authority = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  let host = unescapeFully(authority)
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '')
    .replace(/\.{2,}/g, '.');
  if (!host) return undefined;
  const ip = parseIpv4(host);
  if (ip) host = ip;
  if (!rest.startsWith('/')) rest = `/${rest}`;
  const queryStart = rest.indexOf('?');
  const rawPath = queryStart >= 0 ? rest.slice(0, queryStart) : rest;
  const query = queryStart >= 0 ? rest.slice(queryStart + 1) : undefined;
  const path = canonicalPath(unescapeFully(rawPath));
  return {
    host: escape(host),
    path: escape(path),
    query: query === undefined ? undefined : escape(unescapeFully(query)),
    isIp: Boolean(ip),
  };
}

/** The host-suffix × path-prefix expressions of a URL (at most 30). */
export function urlExpressions(input: string): string[] {
  const url = canonicalizeUrl(input);
  if (!url) return [];
  const hosts = [url.host];
  if (!url.isIp) {
    const components = url.host.split('.');
    const start = Math.max(1, components.length - MAX_HOST_SUFFIXES);
    for (let i = start; i < components.length - 1 && hosts.length < MAX_HOST_SUFFIXES; i++) {
      hosts.push(components.slice(i).join('.'));
    }
  }
  const paths: string[] = [];
  if (url.query !== undefined) paths.push(`${url.path}?${url.query}`);
  paths.push(url.path);
  const segments = url.path.split('/').slice(1, -1);
  const prefixes = ['/'];
  for (const segment of segments) {
    if (prefixes.length >= MAX_PATH_PREFIXES - 2) break;
    prefixes.push(`${prefixes.at(-1) ?? '/'}${segment}/`);
  }
  for (const prefix of prefixes) if (!paths.includes(prefix)) paths.push(prefix);
  const expressions = new Set<string>();
  for (const host of hosts)
    for (const path of paths.slice(0, MAX_PATH_PREFIXES)) expressions.add(`${host}${path}`);
  return [...expressions];
}

/** A list entry (`evil.example/`, `http://evil.example/a/b.html`) as the expression it stands for. */
export function entryExpression(entry: string): string | undefined {
  const url = canonicalizeUrl(entry);
  if (!url) return undefined;
  return `${url.host}${url.path}${url.query !== undefined ? `?${url.query}` : ''}`;
}
