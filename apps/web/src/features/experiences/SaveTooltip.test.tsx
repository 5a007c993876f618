// The save tooltip (docs/decisions/083): the first save triggers the save_tooltip placement's
// triggerable experience; the tooltip then shows anchored to the closeup's Save button, records
// a view, and Esc dismisses it; Got it completes it; reduced motion leaves the animation off.
import type { Experience } from '@corkboard/shared/experiences/experiences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makePickerBoard, makePin, makeSavedPin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { savingHandler } from '../../test/savingApi.ts';

const pin = makePin('12', { title: 'Lemon ricotta pasta' });
const boards = [makePickerBoard('1', { name: 'Weeknight Dinners' })];

const tooltip: Experience = {
  experience_id: '9',
  placement_id: 3,
  placed_experience_id: '3:9',
  display_data: {
    kind: 'tooltip',
    anchor: 'pin_save_button',
    title: 'Your first save!',
    body: 'Find it on your profile.',
  },
  extra_context: { page: 'pin' },
  targeting: {},
  triggerable_placed_exps: [],
  metadata: {
    name: 'First save',
    priority: 0,
    triggerable: true,
    max_views_per_person: null,
    ends_at: null,
  },
  status: 'triggered',
  view_count: 0,
};

function stubPinPage(options: { triggered?: boolean; firstSave?: boolean } = {}) {
  let triggered = options.triggered ?? false;
  const handler = savingHandler({
    boards,
    shortlist: [boards[0]!],
    save: () => ok(makeSavedPin('902', boards[0]!, { is_first_save: options.firstSave ?? true })),
  });
  return stubApi((url, init) => {
    if (url.pathname === '/v3/pins/12/') return ok(pin);
    if (url.pathname.startsWith('/v3/boards/') && url.pathname.endsWith('/pins/')) return ok([]);
    if (url.pathname === '/resource/UserExperienceResource/get/') {
      return ok({
        experiences: { '3': triggered ? tooltip : null },
        triggerable_placed_exps: triggered ? [] : ['3:9'],
      });
    }
    if (url.pathname === '/v3/experiences/3:9/trigger/' && init?.method === 'PUT') {
      triggered = true;
      return ok({ placed_experience_id: '3:9', status: 'triggered', view_count: 0 });
    }
    if (url.pathname === '/resource/UserExperienceViewedResource/update/') {
      return ok({ placed_experience_id: '3:9', status: 'viewed', view_count: 1 });
    }
    if (url.pathname === '/resource/UserExperienceResource/delete/') {
      return ok({ placed_experience_id: '3:9', status: 'dismissed', view_count: 1 });
    }
    if (url.pathname === '/resource/UserExperienceCompletedResource/update/') {
      return ok({ placed_experience_id: '3:9', status: 'completed', view_count: 1 });
    }
    return handler(url, init);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function saveToBoard() {
  await screen.findByRole('button', { name: 'Your account' });
  const save = await screen.findByRole('button', { name: 'Save' });
  save.focus();
  fireEvent.click(save);
  const modal = await screen.findByRole('dialog', { name: 'Repin modal' });
  fireEvent.click((await within(modal).findAllByRole('option', { name: /Weeknight Dinners/ }))[0]!);
}

describe('save tooltip', () => {
  test('the first save triggers it; it shows by the Save button, records a view, and Esc dismisses it', async () => {
    const api = stubPinPage();
    renderApp('/pin/12/');
    await saveToBoard();

    const tip = await screen.findByRole('dialog', { name: 'Your first save!' }, { timeout: 4000 });
    expect(
      api.fetchMock.mock.calls.some(
        ([input, init]) =>
          (input instanceof Request ? input.url : input.toString()).includes(
            '/v3/experiences/3:9/trigger/',
          ) && init?.method === 'PUT',
      ),
    ).toBe(true);
    expect(tip).toHaveAccessibleDescription('Find it on your profile.');
    // Anchored: drawn in the Save button's own container.
    expect(tip.parentElement).toBe(screen.getByRole('button', { name: 'Save' }).parentElement);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute(
      'data-experience-anchor',
      'pin_save_button',
    );
    expect(tip).toHaveClass('save-tooltip--animated');
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([
        { options: { placed_experience_id: '3:9', extra_context: { page: 'pin' } } },
      ]),
    );

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your first save!' })).toBeNull(),
    );
    expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([
      { options: { placed_experience_id: '3:9' } },
    ]);
  });

  test('a later save triggers nothing', async () => {
    const api = stubPinPage({ firstSave: false });
    renderApp('/pin/12/');
    await saveToBoard();
    await screen.findByRole('link', { name: /Weeknight Dinners/ }, { timeout: 3000 });
    expect(api.requests().some((path) => path.includes('/trigger/'))).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Your first save!' })).toBeNull();
  });

  test('with reduced motion it does not animate; Got it completes it', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const api = stubPinPage({ triggered: true });
    renderApp('/pin/12/');
    const tip = await screen.findByRole('dialog', { name: 'Your first save!' });
    expect(tip).not.toHaveClass('save-tooltip--animated');
    fireEvent.click(within(tip).getByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your first save!' })).toBeNull(),
    );
    expect(api.bodies('/resource/UserExperienceCompletedResource/update/')).toEqual([
      { options: { placed_experience_id: '3:9' } },
    ]);
  });
});
