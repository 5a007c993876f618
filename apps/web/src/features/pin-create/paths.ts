// Paths of the pin create pages and the mobile save pages (saving.md §2.1, §2.2).

/**
 * saving.md §2.1 "Creation methods: bookmarklet, create", and the browser extension's page
 * (issue 10 "/pin/create/extension/…"; docs/decisions/061).
 */
export const PIN_CREATE_PAGE_METHODS = ['bookmarklet', 'create', 'extension'] as const;
export type PinCreatePageMethod = (typeof PIN_CREATE_PAGE_METHODS)[number];

/**
 * The creation method the save sends (§3 "method"; the API knows the spec's bookmarklet and
 * create): the extension saves an image found on another site, as the bookmarklet does.
 */
export function saveMethodOf(method: PinCreatePageMethod): 'bookmarklet' | 'create' {
  return method === 'extension' ? 'bookmarklet' : method;
}

export function isPinCreatePageMethod(value: string): value is PinCreatePageMethod {
  return (PIN_CREATE_PAGE_METHODS as readonly string[]).includes(value);
}

export function mobileRepinPath(pinId: string): string {
  return `/pin/${pinId}/repin/x/`;
}

export const BOARD_CREATE_PATH = '/board/create/';

export function sectionCreatePath(boardId: string): string {
  return `/board/${encodeURIComponent(boardId)}/create_section/`;
}

const OWN_PIN_PATH = /^\/(?:amp\/)?pin\/(\d+)\/?$/;

/**
 * saving.md §2.2: a url pointing at a pin page of our own site (`/pin/{digits}/` or
 * `/amp/pin/{digits}/`) is a repin of that pin. Only our own origin counts.
 */
export function ownPinIdFromUrl(url: string | null, origin: string): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return OWN_PIN_PATH.exec(parsed.pathname)?.[1] ?? null;
}
