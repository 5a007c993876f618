// What the extension's parts say to each other and to the product's web pages, and the checks
// every message passes before anything acts on it (docs/decisions/061).
//
// - content script → background (chrome.runtime): { type: 'save-image', media, url, description }
//   from the hover Save button. The background accepts it only from this extension's own
//   content scripts (sender.id) and only with http(s) addresses.
// - product page ⇄ content script (window.postMessage, same window, same origin): the page asks
//   { source: 'corkboard-web', type: 'extension-check' }; the content script, only on the
//   configured Corkboard origin, answers { source: 'corkboard-extension', type: 'installed',
//   version, browser }. Both sides check event.source === window and event.origin.

export const WEB_SOURCE = 'corkboard-web';
export const EXTENSION_SOURCE = 'corkboard-extension';
/** saving.md §2.1: the pop-up is 750 wide and at least 750 high. */
export const POPUP_SIZE = 750;
/** The create page the extension opens (issue 10: "/pin/create/extension/…"). */
export const CREATE_PATH = '/pin/create/extension/';
/** As the web's PIN_DESCRIPTION_MAX_LENGTH: longer text is cut before it goes in the address. */
export const DESCRIPTION_MAX_LENGTH = 500;
/** shared/saving/image-usability PINNABLE_MIN_SIDE_EXCLUSIVE: smaller images get no button. */
export const MIN_SIDE_EXCLUSIVE = 119;

export interface SaveImageMessage {
  type: 'save-image';
  media: string;
  url: string;
  description: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An http(s) address, else null (data:, blob:, javascript: and junk are refused). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function readSaveImageMessage(value: unknown): SaveImageMessage | null {
  if (!isRecord(value) || value['type'] !== 'save-image') return null;
  const media = httpUrl(value['media']);
  const url = httpUrl(value['url']);
  const description = value['description'];
  if (media === null || url === null || typeof description !== 'string') return null;
  return {
    type: 'save-image',
    media,
    url,
    description: description.slice(0, DESCRIPTION_MAX_LENGTH),
  };
}

export function isExtensionCheck(value: unknown): boolean {
  return isRecord(value) && value['source'] === WEB_SOURCE && value['type'] === 'extension-check';
}

/** The create page for an image (or, without `media`, for a page whose images it finds). */
export function createPageUrl(
  server: string,
  pin: { media?: string | undefined; url: string; description: string },
): string {
  const params = new URLSearchParams({ url: pin.url });
  if (pin.media) params.set('media', pin.media);
  const description = pin.description.trim().slice(0, DESCRIPTION_MAX_LENGTH);
  if (description) params.set('description', description);
  return `${server}${CREATE_PATH}?${params.toString()}`;
}
