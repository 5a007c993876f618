// The extension check as a hook, and the report to the server log when it is installed
// (saving.md §7 "POST of browser_extension_installed to the server log"; docs/decisions/061).
import { BROWSER_EXTENSION_INSTALLED_EVENT } from '@corkboard/shared/saving/api';
import { useEffect, useState } from 'react';
import { apiSend } from '../../api/client.ts';
import { checkExtension, type ExtensionPresence } from './presence.ts';

/** Local storage: the extension version last reported from this browser (one report each). */
export const EXTENSION_REPORTED_KEY = 'corkboard.extensionReported';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the report is simply sent again next time.
  }
}

/** Sends browser_extension_installed once per browser and extension version. */
export function reportExtensionInstalled(presence: ExtensionPresence): void {
  if (!presence.installed) return;
  const marker = `${presence.browser}/${presence.version ?? ''}`;
  if (readStored(EXTENSION_REPORTED_KEY) === marker) return;
  apiSend<null>('POST', '/v3/client_log/', {
    event: BROWSER_EXTENSION_INSTALLED_EVENT,
    client: 'web',
    browser: presence.browser,
    version: presence.version,
  })
    .then(() => writeStored(EXTENSION_REPORTED_KEY, marker))
    .catch(() => undefined);
}

/**
 * The extension check (500 ms at most) while `enabled`: null until it has answered. When the
 * extension is there, the server log hears of it.
 */
export function useExtensionPresence(enabled = true): ExtensionPresence | null {
  const [presence, setPresence] = useState<ExtensionPresence | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void checkExtension().then((answer) => {
      if (!live) return;
      setPresence(answer);
      reportExtensionInstalled(answer);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return presence;
}
