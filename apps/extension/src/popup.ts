// The toolbar pop-up: signed in, "Save this page" opens the create page for the current tab
// (the product finds the page's images); signed out, a panel with "Log in". The account check is
// one GET of the configured server's /v3/users/me/ with the person's cookies.
import { createPageUrl, httpUrl, POPUP_SIZE } from './protocol.ts';
import { readServer } from './settings.ts';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html lacks #${id}`);
  return found as T;
}

async function signedIn(server: string): Promise<boolean | null> {
  try {
    const response = await fetch(`${server}/v3/users/me/`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (response.ok) return true;
    return response.status === 401 ? false : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const server = await readServer();
  element('server').textContent = server;
  element('options').addEventListener('click', () => void chrome.runtime.openOptionsPage());
  const status = element('status');
  const state = await signedIn(server);
  if (state === null) {
    status.textContent = "Corkboard can't be reached. Check the server address.";
    return;
  }
  status.textContent = state ? 'You are logged in.' : '';
  element(state ? 'signed-in' : 'signed-out').hidden = false;
  element('log-in').addEventListener('click', () => {
    void chrome.tabs.create({ url: `${server}/login/` }).then(() => window.close());
  });
  element('save-page').addEventListener('click', () => {
    void (async () => {
      const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
      const url = httpUrl(tab?.url);
      if (url === null) {
        status.textContent = 'Only web pages can be saved.';
        return;
      }
      await chrome.windows.create({
        url: createPageUrl(server, { url, description: tab?.title ?? '' }),
        type: 'popup',
        width: POPUP_SIZE,
        height: POPUP_SIZE,
      });
      window.close();
    })();
  });
}

void main();
