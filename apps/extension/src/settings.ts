// The Corkboard server the extension talks to: configurable on the options page, stored in
// chrome.storage.sync as an origin. The build sets the default (CORKBOARD_URL).

declare const __DEFAULT_SERVER__: string;

const KEY = 'serverOrigin';

/** An http(s) origin ("https://corkboard.example"), else null. Paths and queries are dropped. */
export function normalizeServer(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export async function readServer(): Promise<string> {
  const stored = (await chrome.storage.sync.get([KEY]))[KEY];
  return (typeof stored === 'string' ? normalizeServer(stored) : null) ?? __DEFAULT_SERVER__;
}

export async function writeServer(origin: string): Promise<void> {
  await chrome.storage.sync.set({ [KEY]: origin });
}
