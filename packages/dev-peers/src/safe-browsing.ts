// A URL reputation service with the Google Safe Browsing Lookup API (v4) shape:
// `POST /v4/threatMatches:find?key=` with `{ client, threatInfo }`, answering `{ matches: [...] }`
// or `{}`; Google's error shape `{ error: { code, message, status } }`; lists matched by the
// protocol's canonical host-suffix/path-prefix expressions, editable while running.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import { listenLoopback, PeerHttpError, readBody, requestUrl, sendHtml, sendJson } from './http.ts';
import { entryExpression, urlExpressions } from './safe-browsing-urls.ts';

export const THREAT_TYPES = [
  'THREAT_TYPE_UNSPECIFIED',
  'MALWARE',
  'SOCIAL_ENGINEERING',
  'UNWANTED_SOFTWARE',
  'POTENTIALLY_HARMFUL_APPLICATION',
] as const;
export const PLATFORM_TYPES = [
  'PLATFORM_TYPE_UNSPECIFIED',
  'WINDOWS',
  'LINUX',
  'ANDROID',
  'OSX',
  'IOS',
  'ANY_PLATFORM',
  'ALL_PLATFORMS',
  'CHROME',
] as const;
export const THREAT_ENTRY_TYPES = ['THREAT_ENTRY_TYPE_UNSPECIFIED', 'URL', 'EXECUTABLE'] as const;

export type ThreatType = (typeof THREAT_TYPES)[number];
export type PlatformType = (typeof PLATFORM_TYPES)[number];

export interface ThreatListEntry {
  readonly threatType: Exclude<ThreatType, 'THREAT_TYPE_UNSPECIFIED'>;
  /** Default ANY_PLATFORM. */
  readonly platformType?: PlatformType;
  /** `host/` (whole site and subdomains), `host/path/` (a subtree) or a full URL. */
  readonly url: string;
}

export interface SafeBrowsingPeerOptions {
  readonly apiKeys: readonly string[];
  readonly entries?: readonly ThreatListEntry[];
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface LookupRecord {
  readonly clientId: string | undefined;
  readonly urls: readonly string[];
  readonly matched: readonly string[];
}

export interface SafeBrowsingPeer {
  readonly url: string;
  addEntry(entry: ThreatListEntry): void;
  /** Replaces the entries of one threat type. */
  setList(threatType: ThreatListEntry['threatType'], urls: readonly string[]): void;
  entries(): ThreatListEntry[];
  /** Lookups received, oldest first. */
  lookups(): LookupRecord[];
  stop(): Promise<void>;
}

/** How long clients may cache a verdict, as the real service answers. */
export const SAFE_BROWSING_CACHE_DURATION = '300s';
/** Most threat entries one request may carry. */
export const SAFE_BROWSING_MAX_ENTRIES = 500;

type ApiError = {
  status: number;
  body: { error: { code: number; message: string; status: string } };
};

function apiError(code: number, status: string, message: string): ApiError {
  return { status: code, body: { error: { code, message, status } } };
}

const INVALID_ARGUMENT = (message = 'Request contains an invalid argument.') =>
  apiError(400, 'INVALID_ARGUMENT', message);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkFields(
  value: Record<string, unknown>,
  allowed: readonly string[],
  at: string,
): ApiError | undefined {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown === undefined) return undefined;
  return INVALID_ARGUMENT(
    `Invalid JSON payload received. Unknown name "${unknown}"${at ? ` at '${at}'` : ''}: Cannot find field.`,
  );
}

function enumList<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  enumName: string,
): T[] | ApiError {
  if (!Array.isArray(value) || value.length === 0) return INVALID_ARGUMENT();
  const out: T[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string' || !(allowed as readonly string[]).includes(item)) {
      return INVALID_ARGUMENT(
        `Invalid value at 'threat_info.${field}[${index}]' (${enumName}), ${JSON.stringify(item)}`,
      );
    }
    out.push(item as T);
  }
  return out;
}

export async function startSafeBrowsingPeer(
  options: SafeBrowsingPeerOptions,
): Promise<SafeBrowsingPeer> {
  assertNotProduction(options.env ?? process.env);
  const keys = new Set(options.apiKeys);
  let entries: ThreatListEntry[] = [...(options.entries ?? [])];
  const lookups: LookupRecord[] = [];
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);

  function keyError(req: IncomingMessage, url: URL): ApiError | undefined {
    const key = url.searchParams.get('key') ?? req.headers['x-goog-api-key'];
    if (!key) {
      return apiError(
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (typeof key !== 'string' || !keys.has(key))
      return apiError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    return undefined;
  }

  function find(body: unknown): ApiError | { status: 200; body: Record<string, unknown> } {
    if (!isObject(body))
      return INVALID_ARGUMENT('Invalid JSON payload received. Expected an object.');
    const topLevel = checkFields(body, ['client', 'threatInfo'], '');
    if (topLevel) return topLevel;
    const client = isObject(body.client) ? body.client : undefined;
    if (client) {
      const clientFields = checkFields(client, ['clientId', 'clientVersion'], 'client');
      if (clientFields) return clientFields;
    }
    const info = body.threatInfo;
    if (!isObject(info)) return INVALID_ARGUMENT();
    const infoFields = checkFields(
      info,
      ['threatTypes', 'platformTypes', 'threatEntryTypes', 'threatEntries'],
      'threat_info',
    );
    if (infoFields) return infoFields;
    const threatTypes = enumList(info.threatTypes, THREAT_TYPES, 'threat_types', 'ThreatType');
    if (!Array.isArray(threatTypes)) return threatTypes;
    const platformTypes = enumList(
      info.platformTypes,
      PLATFORM_TYPES,
      'platform_types',
      'PlatformType',
    );
    if (!Array.isArray(platformTypes)) return platformTypes;
    const entryTypes = enumList(
      info.threatEntryTypes,
      THREAT_ENTRY_TYPES,
      'threat_entry_types',
      'ThreatEntryType',
    );
    if (!Array.isArray(entryTypes)) return entryTypes;
    const threatEntries = info.threatEntries;
    if (
      !Array.isArray(threatEntries) ||
      threatEntries.length === 0 ||
      threatEntries.length > SAFE_BROWSING_MAX_ENTRIES
    ) {
      return INVALID_ARGUMENT();
    }
    const urls: string[] = [];
    for (const [index, entry] of threatEntries.entries()) {
      if (!isObject(entry)) return INVALID_ARGUMENT();
      const fields = checkFields(
        entry,
        ['url', 'hash', 'digest'],
        `threat_info.threat_entries[${index}]`,
      );
      if (fields) return fields;
      if (typeof entry.url === 'string') urls.push(entry.url);
    }
    const anyPlatform = platformTypes.some((p) => p === 'ANY_PLATFORM' || p === 'ALL_PLATFORMS');
    const matches: Record<string, unknown>[] = [];
    if (entryTypes.includes('URL')) {
      for (const url of urls) {
        const expressions = new Set(urlExpressions(url));
        for (const listed of entries) {
          const platform = listed.platformType ?? 'ANY_PLATFORM';
          const expression = entryExpression(listed.url);
          if (
            !expression ||
            !expressions.has(expression) ||
            !threatTypes.includes(listed.threatType)
          )
            continue;
          if (!anyPlatform && platform !== 'ANY_PLATFORM' && !platformTypes.includes(platform))
            continue;
          matches.push({
            threatType: listed.threatType,
            platformType: platform,
            threat: { url },
            cacheDuration: SAFE_BROWSING_CACHE_DURATION,
            threatEntryType: 'URL',
          });
        }
      }
    }
    lookups.push({
      clientId: typeof client?.clientId === 'string' ? client.clientId : undefined,
      urls,
      matched: [...new Set(matches.map((m) => (m.threat as { url: string }).url))],
    });
    return { status: 200, body: matches.length ? { matches } : {} };
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    let answer: ApiError | { status: number; body: Record<string, unknown> };
    try {
      if (url.pathname === '/v4/threatMatches:find' && method === 'POST') {
        const text = (await readBody(req)).toString('utf8');
        answer = keyError(req, url) ?? parseAndFind(text);
      } else if (url.pathname === '/' && method === 'GET') {
        return sendHtml(res, 200, listsPage());
      } else if (url.pathname === '/__peer/entries' && method === 'GET') {
        answer = { status: 200, body: { entries } };
      } else if (url.pathname.startsWith('/__peer/entries/') && method === 'PUT') {
        answer = replaceList(
          url.pathname.slice('/__peer/entries/'.length),
          req.headers['content-type'],
          (await readBody(req)).toString('utf8'),
        );
      } else if (url.pathname === '/v4/threatLists' && method === 'GET') {
        answer = keyError(req, url) ?? { status: 200, body: { threatLists: threatLists() } };
      } else {
        answer = apiError(404, 'NOT_FOUND', `Method not found: ${method} ${url.pathname}`);
      }
    } catch (error) {
      if (!(error instanceof PeerHttpError)) throw error;
      answer = apiError(
        error.status,
        error.status === 413 ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION',
        error.message,
      );
    }
    sendJson(res, answer.status, answer.body);
  }

  function parseAndFind(text: string) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return INVALID_ARGUMENT('Invalid JSON payload received. Unexpected token.');
    }
    return find(body);
  }

  /** `PUT /__peer/entries/{threatType}` with `{ "urls": [...] }`: for test processes without this object. */
  function replaceList(threatType: string, contentType: string | undefined, text: string) {
    if (contentType?.split(';')[0] !== 'application/json')
      return apiError(415, 'INVALID_ARGUMENT', 'Send application/json.');
    if (
      !(THREAT_TYPES as readonly string[]).includes(threatType) ||
      threatType === 'THREAT_TYPE_UNSPECIFIED'
    ) {
      return INVALID_ARGUMENT(`Unknown threat type: ${threatType}`);
    }
    let urls: unknown;
    try {
      urls = (JSON.parse(text) as { urls?: unknown }).urls;
    } catch {
      return INVALID_ARGUMENT('Invalid JSON payload received.');
    }
    if (
      !Array.isArray(urls) ||
      !urls.every((u): u is string => typeof u === 'string' && entryExpression(u) !== undefined)
    ) {
      return INVALID_ARGUMENT('urls must be an array of URLs or host/path expressions.');
    }
    const type = threatType as ThreatListEntry['threatType'];
    entries = [
      ...entries.filter((e) => e.threatType !== type),
      ...urls.map((url) => ({ threatType: type, url })),
    ];
    return { status: 200, body: { entries: entries.filter((e) => e.threatType === type) } };
  }

  function listsPage(): string {
    return renderPage({
      title: 'Development URL reputation lists',
      banner: 'Development URL reputation service — not Google Safe Browsing',
      body: html`<h1>URL reputation lists</h1>
        <p>
          URLs on these hosts and paths are reported by <code>POST /v4/threatMatches:find</code>.
          Change them with <code>PUT /__peer/entries/{threatType}</code>.
        </p>
        ${
          entries.length
            ? html`<table>
                <caption>
                  Listed entries
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Threat type</th>
                    <th scope="col">Platform</th>
                    <th scope="col">Entry</th>
                  </tr>
                </thead>
                <tbody>
                  ${entries.map(
                    (e) =>
                      html`<tr>
                        <td>${e.threatType}</td>
                        <td>${e.platformType ?? 'ANY_PLATFORM'}</td>
                        <td><code>${e.url}</code></td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
            : html`<p>No entries: every URL is reported clean.</p>`
        }`,
    });
  }

  function threatLists() {
    const seen = new Map<string, Record<string, string>>();
    for (const entry of entries) {
      const platformType = entry.platformType ?? 'ANY_PLATFORM';
      seen.set(`${entry.threatType} ${platformType}`, {
        threatType: entry.threatType,
        platformType,
        threatEntryType: 'URL',
      });
    }
    return [...seen.values()];
  }

  return {
    url: server.url,
    addEntry(entry) {
      entries.push(entry);
    },
    setList(threatType, urls) {
      entries = [
        ...entries.filter((e) => e.threatType !== threatType),
        ...urls.map((url) => ({ threatType, url })),
      ];
    },
    entries: () => [...entries],
    lookups: () => [...lookups],
    stop: () => server.stop(),
  };
}
