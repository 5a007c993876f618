// Is the Corkboard browser extension installed in this browser? (saving.md §2.8, §4 "Extension
// upsell: decided after a 500 ms wait for the extension check", §7 "POST of
// browser_extension_installed to the server log"; docs/decisions/061.)
//
// The page asks with window.postMessage to its own origin; the extension's content script, which
// runs only on the Corkboard site it is configured for, answers the same way. Only a message
// from this very window and origin, shaped as the extension's answer, counts.
import {
  BROWSER_EXTENSION_BROWSERS,
  EXTENSION_VERSION_PATTERN,
  type BrowserExtensionBrowser,
} from '@corkboard/shared/saving/api';

/** saving.md §4, §9: the check waits 500 ms for the extension's answer. */
export const EXTENSION_CHECK_WAIT_MS = 500;
export const WEB_SOURCE = 'corkboard-web';
export const EXTENSION_SOURCE = 'corkboard-extension';

export type ExtensionPresence =
  | {
      readonly installed: true;
      readonly version: string | null;
      readonly browser: BrowserExtensionBrowser;
    }
  | { readonly installed: false };

/** The extension's answer, or null when `data` is anything else. */
export function readExtensionAnswer(data: unknown): ExtensionPresence | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record['source'] !== EXTENSION_SOURCE || record['type'] !== 'installed') return null;
  const version = record['version'];
  const browser = record['browser'];
  return {
    installed: true,
    version:
      typeof version === 'string' && EXTENSION_VERSION_PATTERN.test(version) ? version : null,
    browser: (BROWSER_EXTENSION_BROWSERS as readonly unknown[]).includes(browser)
      ? (browser as BrowserExtensionBrowser)
      : 'other',
  };
}

/** Asks the extension and answers within `waitMs` (not installed when nothing answered). */
export function checkExtension(
  win: Window = window,
  waitMs: number = EXTENSION_CHECK_WAIT_MS,
): Promise<ExtensionPresence> {
  return new Promise((resolve) => {
    const origin = win.location.origin;
    const finish = (presence: ExtensionPresence) => {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(presence);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const answer = readExtensionAnswer(event.data);
      if (answer) finish(answer);
    };
    const timer = setTimeout(() => finish({ installed: false }), waitMs);
    win.addEventListener('message', onMessage);
    win.postMessage({ source: WEB_SOURCE, type: 'extension-check' }, origin);
  });
}
