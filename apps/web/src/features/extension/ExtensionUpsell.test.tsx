// The browser-extension upsell on the create page (saving.md §2.1 "a browser-extension upsell
// may replace the success view", §2.8, §4 "decided after a 500 ms wait for the extension check",
// §9 extensionNagCount; docs/decisions/062), and the report when the extension is there (§7).
// Through the experience platform (docs/decisions/083): shown only when its placement serves an
// experience; the view, the dismissal and the completion are recorded there.
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

const upsellExperience = {
  experience_id: '1',
  placement_id: 4,
  placed_experience_id: '4:1',
  display_data: { kind: 'upsell', anchor: 'none' },
  extra_context: { page: 'pin_create' },
  targeting: {},
  triggerable_placed_exps: [],
  metadata: {
    name: 'Browser extension upsell',
    priority: 0,
    triggerable: false,
    max_views_per_person: null,
    ends_at: null,
  },
  status: null,
  view_count: 0,
};

function stub(flag: 'enabled' | 'control', platform: 'served' | 'none' = 'served') {
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
    if (url.pathname === '/resource/UserExperienceResource/get/') {
      return ok({
        experiences: { '4': platform === 'served' ? upsellExperience : null },
        triggerable_placed_exps: [],
      });
    }
    const state = { placed_experience_id: '4:1', view_count: 1 };
    if (url.pathname === '/resource/UserExperienceViewedResource/update/') {
      return ok({ ...state, status: 'viewed' });
    }
    if (url.pathname === '/resource/UserExperienceResource/delete/') {
      return ok({ ...state, status: 'dismissed' });
    }
    if (url.pathname === '/resource/UserExperienceCompletedResource/update/') {
      return ok({ ...state, status: 'completed' });
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
    const api = stub('enabled');
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
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([
        { options: { placed_experience_id: '4:1', extra_context: { page: 'pin_create' } } },
      ]),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([
        { options: { placed_experience_id: '4:1' } },
      ]),
    );
  });

  test('not shown when the platform serves no upsell (ended, dismissed before); the save is counted', async () => {
    window.localStorage.setItem(EXTENSION_NAG_KEY, JSON.stringify({ count: 4, lastNagAt: null }));
    const api = stub('enabled', 'none');
    await saveToDesserts(`/pin/create/create/${MEDIA}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests().some((path) => path.includes('UserExperienceResource/get'))).toBe(true);
    await waitFor(() => expect(nagState()).toEqual({ count: 5, lastNagAt: null }));
  });

  test('the default variant follows a bookmarklet save', async () => {
    window.localStorage.setItem(
      EXTENSION_NAG_KEY,
      JSON.stringify({ count: 4, lastNagAt: Date.now() }),
    );
    const api = stub('enabled');
    await saveToDesserts(`/pin/create/bookmarklet/${MEDIA}`);
    const dialog = await screen.findByRole('dialog', {
      name: 'Save from any website in one click',
    });
    // Get the extension completes the experience.
    fireEvent.click(within(dialog).getByRole('link', { name: /Get the extension/ }));
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceCompletedResource/update/')).toEqual([
        { options: { placed_experience_id: '4:1' } },
      ]),
    );
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
    const api = stub('control');
    await saveToDesserts(`/pin/create/create/${MEDIA}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The nag rule and the flag come first: the platform is not asked.
    expect(api.requests().some((path) => path.includes('UserExperience'))).toBe(false);
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
