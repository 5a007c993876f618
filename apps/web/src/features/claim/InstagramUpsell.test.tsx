// The Instagram upsell on the create page (saving.md §2.8; docs/decisions/129): after a save
// from Instagram by a person whose listed website is Instagram and who has not connected it,
// with the flag on and in their own context, the platform's experience replaces the success
// view — 'Now you can turn your Instagram posts into Pins', 'Connect now' → /settings/claim/ —
// not closed by a click outside, dismissed by ×; the view, the dismissal and the completion are
// recorded on the platform. Not shown (and the platform not asked) when a condition fails.
import type { UserSettingsData } from '@corkboard/shared/saving/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePickerBoard, makeSavedPin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { savingHandler } from '../../test/savingApi.ts';
import { ACTIVE_PROFILE_STORAGE_KEY } from '../business/activeProfile.ts';
import { popupWindow } from '../pin-create/PinCreatePage.tsx';

const boards = [makePickerBoard('1', { name: 'Desserts' })];
const FROM_INSTAGRAM =
  '?url=https%3A%2F%2Fwww.instagram.com%2Fp%2FC0ffee%2F&media=https%3A%2F%2Fcdn.example%2Fpie.jpg';
const FROM_SHOP = '?url=https%3A%2F%2Fshop.example%2Fpie&media=https%3A%2F%2Fcdn.example%2Fpie.jpg';
const HEADING = 'Now you can turn your Instagram posts into Pins';

const upsellExperience = {
  experience_id: '7',
  placement_id: 5,
  placed_experience_id: '5:7',
  display_data: { kind: 'upsell', anchor: 'none' },
  extra_context: { page: 'pin_create' },
  targeting: {},
  triggerable_placed_exps: [],
  metadata: {
    name: 'Instagram upsell',
    priority: 0,
    triggerable: false,
    max_views_per_person: 1,
    ends_at: null,
  },
  status: null,
  view_count: 0,
};

const instagramLister: UserSettingsData = {
  connected_to_instagram: false,
  listed_website_url: 'https://www.instagram.com/mara_cooks/',
  instagram_site_domains: ['instagram.com'],
};

function stub(settings: UserSettingsData = instagramLister, flag = 'enabled') {
  const handler = savingHandler({
    boards,
    // The saved pin's link is the page it was saved from, as the server answers it.
    save: (options) =>
      ok(
        makeSavedPin('700', boards[0]!, {
          description: 'Pie',
          link: typeof options['link'] === 'string' ? options['link'] : null,
        }),
      ),
  });
  return stubApi((url, init) => {
    if (url.pathname === '/v3/experiments/') {
      return ok({
        visitor_id: 'visitor-test-000000000',
        groups: { web_extension_upsell: 'control', web_instagram_upsell: flag },
      });
    }
    if (url.pathname === '/v3/users/settings') return ok(settings);
    if (url.pathname === '/resource/UserExperienceResource/get/') {
      return ok({ experiences: { '5': upsellExperience }, triggerable_placed_exps: [] });
    }
    const state = { placed_experience_id: '5:7', view_count: 1 };
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
        image_url: 'https://cdn.example/pie.jpg',
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
    vi.spyOn(popupWindow, 'close').mockImplementation(() => undefined),
    vi.spyOn(popupWindow, 'isPopup').mockReturnValue(false),
  );
  window.localStorage.clear();
});

afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  window.localStorage.clear();
});

async function saveToDesserts(query: string) {
  renderApp(`/pin/create/bookmarklet/${query}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose board' });
  fireEvent.click(await screen.findByRole('option', { name: /Desserts/ }));
}

async function expectSuccessWithoutUpsell() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

describe('Instagram upsell after a create-page save', () => {
  test('replaces the success view; a click outside does not close it; × does, recorded as dismissed', async () => {
    const api = stub();
    await saveToDesserts(FROM_INSTAGRAM);
    const dialog = await screen.findByRole('dialog', { name: HEADING });
    expect(within(dialog).getByRole('link', { name: 'Connect now' })).toHaveAttribute(
      'href',
      '/settings/claim/',
    );
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([
        { options: { placed_experience_id: '5:7', extra_context: { page: 'pin_create' } } },
      ]),
    );
    // A click on the backdrop hits the <dialog> element itself.
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: HEADING })).toBeInTheDocument();
    expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved to Desserts' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([
        { options: { placed_experience_id: '5:7' } },
      ]),
    );
  });

  test('Connect now goes to /settings/claim/ and completes the experience', async () => {
    const api = stub();
    await saveToDesserts(FROM_INSTAGRAM);
    const dialog = await screen.findByRole('dialog', { name: HEADING });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Connect now' }));
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceCompletedResource/update/')).toEqual([
        { options: { placed_experience_id: '5:7' } },
      ]),
    );
  });

  test.each([
    ['already connected', { ...instagramLister, connected_to_instagram: true }, 'enabled'],
    [
      'the listed website is another site',
      { ...instagramLister, listed_website_url: 'https://shop.example/' },
      'enabled',
    ],
    ['the flag is off', instagramLister, 'control'],
  ] as const)('not shown when %s; the platform is not asked', async (_name, settings, flag) => {
    const api = stub(settings, flag);
    await saveToDesserts(FROM_INSTAGRAM);
    await expectSuccessWithoutUpsell();
    expect(api.requests().some((path) => path.includes('UserExperience'))).toBe(false);
  });

  test('not shown for a save from another site', async () => {
    const api = stub();
    await saveToDesserts(FROM_SHOP);
    await expectSuccessWithoutUpsell();
    expect(api.requests().some((path) => path.includes('UserExperience'))).toBe(false);
  });

  test('not shown when acting as a business profile (not the viewer’s own context)', async () => {
    const api = stub();
    const viewer = makeAuthUser();
    window.localStorage.setItem(
      ACTIVE_PROFILE_STORAGE_KEY,
      JSON.stringify({ viewerId: viewer.id, profileId: '900', visible: true }),
    );
    await saveToDesserts(FROM_INSTAGRAM);
    await expectSuccessWithoutUpsell();
    expect(api.requests().some((path) => path.includes('UserExperience'))).toBe(false);
  });
});
