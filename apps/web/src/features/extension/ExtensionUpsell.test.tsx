// The browser-extension upsell on the create page (saving.md §2.1 "a browser-extension upsell
// may replace the success view", §2.8, §4 "decided after a 500 ms wait for the extension check",
// §9 extensionNagCount; docs/decisions/062), and the report when the extension is there (§7).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makePickerBoard, makeSavedPin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { savingHandler } from '../../test/savingApi.ts';
import { popupWindow } from '../pin-create/PinCreatePage.tsx';
import { EXTENSION_NAG_KEY } from './nag.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const boards = [makePickerBoard('1', { name: 'Desserts' })];
const MEDIA = '?url=https%3A%2F%2Fshop.example%2Fpie&media=https%3A%2F%2Fshop.example%2Fpie.jpg';

function stub(flag: 'enabled' | 'control') {
  const handler = savingHandler({
    boards,
    save: () => ok(makeSavedPin('700', boards[0]!, { description: 'Pie' })),
  });
  return stubApi((url, init) => {
    if (url.pathname === '/v3/experiments/') {
      return ok({
        visitor_id: 'visitor-test-000000000',
        groups: {
          web_increased_min_password_length: 'control',
          web_kr_privacy_consent_step: 'control',
          web_extension_upsell: flag,
        },
      });
    }
    if (url.pathname === '/v3/pins/image/') {
      return ok({
        id: '55',
        status: 'pending',
        image_url: 'https://shop.example/pie.jpg',
        media_upload_id: null,
        error: null,
        created_at: '2026-11-21T00:00:00.000Z',
      });
    }
    return handler(url, init);
  });
}

const spies: { mockRestore: () => void }[] = [];

beforeEach(() => {
  spies.push(
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_CHROME),
    vi.spyOn(popupWindow, 'close').mockImplementation(() => undefined),
    vi.spyOn(popupWindow, 'isPopup').mockReturnValue(false),
  );
  window.localStorage.clear();
});

afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  window.localStorage.clear();
});

async function saveToDesserts(path: string) {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Choose board' });
  fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));
}

function nagState() {
  return JSON.parse(window.localStorage.getItem(EXTENSION_NAG_KEY) ?? 'null') as {
    count: number;
    lastNagAt: number | null;
  } | null;
}

describe('extension upsell after a create-page save', () => {
  test('the pin builder variant replaces the success view when the nag limits allow; Not now shows the success view', async () => {
    window.localStorage.setItem(EXTENSION_NAG_KEY, JSON.stringify({ count: 1, lastNagAt: null }));
    stub('enabled');
    await saveToDesserts(`/pin/create/create/${MEDIA}`);
    const dialog = await screen.findByRole('dialog', {
      name: 'Make Pins faster with the browser extension',
    });
    expect(screen.queryByRole('heading', { name: 'Saved to Desserts' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Get the extension/ })).toHaveAttribute(
      'href',
      '/extension/',
    );
    await waitFor(() => expect(nagState()?.count).toBe(0));
    expect(nagState()?.lastNagAt).toEqual(expect.any(Number));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
  });

  test('the default variant follows a bookmarklet save', async () => {
    window.localStorage.setItem(
      EXTENSION_NAG_KEY,
      JSON.stringify({ count: 4, lastNagAt: Date.now() }),
    );
    stub('enabled');
    await saveToDesserts(`/pin/create/bookmarklet/${MEDIA}`);
    expect(
      await screen.findByRole('dialog', { name: 'Save from any website in one click' }),
    ).toBeInTheDocument();
  });

  test('not shown when the count is 0; the save is counted', async () => {
    stub('enabled');
    await saveToDesserts(`/pin/create/create/${MEDIA}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(nagState()).toEqual({ count: 1, lastNagAt: null }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('not shown with the experiment off', async () => {
    window.localStorage.setItem(EXTENSION_NAG_KEY, JSON.stringify({ count: 4, lastNagAt: null }));
    stub('control');
    await saveToDesserts(`/pin/create/create/${MEDIA}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('not shown when the extension answers the check; the server log hears of it', async () => {
    window.localStorage.setItem(EXTENSION_NAG_KEY, JSON.stringify({ count: 4, lastNagAt: null }));
    const api = stub('enabled');
    // The content script's part: answer the page's check from this window and origin.
    const answer = (event: MessageEvent) => {
      const data = event.data as { source?: string } | null;
      if (data?.source !== 'corkboard-web') return;
      window.dispatchEvent(
        new MessageEvent('message', {
          source: window,
          origin: window.location.origin,
          data: {
            source: 'corkboard-extension',
            type: 'installed',
            version: '1.0.0',
            browser: 'chromium',
          },
        }),
      );
    };
    window.addEventListener('message', answer);
    try {
      await saveToDesserts(`/pin/create/create/${MEDIA}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(api.bodies('/v3/client_log/')).toContainEqual({
          event: 'browser_extension_installed',
          client: 'web',
          browser: 'chromium',
          version: '1.0.0',
        }),
      );
      // Installed: the save does not count toward the nag limits.
      expect(nagState()).toEqual({ count: 4, lastNagAt: null });
    } finally {
      window.removeEventListener('message', answer);
    }
  });
});
