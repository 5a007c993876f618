// The first-run tour (docs/decisions/082): a keyboard-usable dialog over the home feed when the
// server serves a first_run_tour in home_takeover; Save stores the topics, completes the tour and
// refetches the home feed; Not now and Esc dismiss it; a failure is said and the tour stays.
import type { Experience } from '@corkboard/shared/experiences/experiences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function tour(overrides: Partial<Experience['display_data']> = {}): Experience {
  return {
    experience_id: '5',
    placement_id: 1,
    placed_experience_id: '1:5',
    display_data: { kind: 'first_run_tour', anchor: 'none', ...overrides },
    extra_context: { page: 'home' },
    targeting: { signed_up_within_days: 1 },
    triggerable_placed_exps: [],
    metadata: {
      name: 'Welcome',
      priority: 0,
      triggerable: false,
      max_views_per_person: null,
      ends_at: null,
    },
    status: null,
    view_count: 0,
  };
}

function stubHome(
  experience: Experience | null,
  options: { topicsAnswer?: () => Response; completed?: () => Response } = {},
) {
  let feedCalls = 0;
  const api = stubApi((url) => {
    if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
    if (url.pathname === '/v3/feeds/home/') {
      feedCalls += 1;
      return ok(makePins(1, 3));
    }
    if (url.pathname === '/resource/UserExperienceResource/get/') {
      const asked = JSON.parse(url.searchParams.get('options') ?? '{}') as {
        placement_ids: number[];
      };
      return ok({
        experiences: asked.placement_ids.includes(1) ? { '1': experience } : { '2': null },
        triggerable_placed_exps: [],
      });
    }
    if (url.pathname === '/v3/topics/') {
      return (
        options.topicsAnswer?.() ??
        ok([
          { id: 'travel', pin_count: 4 },
          { id: 'garden', pin_count: 2 },
        ])
      );
    }
    if (url.pathname === '/v3/users/me/topics/') return ok({ topics: ['garden'] });
    if (url.pathname === '/resource/UserExperienceViewedResource/update/') {
      return ok({ placed_experience_id: '1:5', status: 'viewed', view_count: 1 });
    }
    if (url.pathname === '/resource/UserExperienceCompletedResource/update/') {
      return (
        options.completed?.() ??
        ok({ placed_experience_id: '1:5', status: 'completed', view_count: 1 })
      );
    }
    if (url.pathname === '/resource/UserExperienceResource/delete/') {
      return ok({ placed_experience_id: '1:5', status: 'dismissed', view_count: 1 });
    }
    return undefined;
  });
  return { ...api, feedCalls: () => feedCalls };
}

describe('first-run tour', () => {
  test('picks topics (focus starts on the first), saves them, completes the tour and refetches the feed', async () => {
    const api = stubHome(tour());
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Corkboard' });
    expect(dialog).toHaveAccessibleDescription(
      "Pick topics you like and we'll put ideas about them first in your home feed.",
    );
    const garden = await within(dialog).findByRole('checkbox', { name: 'Garden' });
    expect(within(dialog).getByRole('group', { name: 'Topics you like' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Show me these' });
    expect(save).toBeDisabled();
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([
        { options: { placed_experience_id: '1:5', extra_context: { page: 'home' } } },
      ]),
    );

    // Once the topics are there, focus is on the first (real keys are the journey's part).
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Travel' })).toHaveFocus(),
    );
    fireEvent.click(garden);
    expect(garden).toBeChecked();
    expect(save).toBeEnabled();
    const feedBefore = api.feedCalls();
    fireEvent.click(save);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Welcome to Corkboard' })).toBeNull(),
    );
    expect(api.bodies('/v3/users/me/topics/')).toEqual([{ topics: ['garden'] }]);
    expect(api.bodies('/resource/UserExperienceCompletedResource/update/')).toEqual([
      { options: { placed_experience_id: '1:5' } },
    ]);
    await waitFor(() => expect(api.feedCalls()).toBeGreaterThan(feedBefore));
    expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([]);
  });

  test("uses the definition's copy when it has some", async () => {
    stubHome(tour({ title: 'Make it yours', body: 'Choose what you love.', button_text: 'Go' }));
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Make it yours' });
    expect(dialog).toHaveAccessibleDescription('Choose what you love.');
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });

  test('Esc dismisses it (a delete), and nothing is saved', async () => {
    const api = stubHome(tour());
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Corkboard' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Welcome to Corkboard' })).toBeNull(),
    );
    expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([
      { options: { placed_experience_id: '1:5' } },
    ]);
    expect(api.bodies('/v3/users/me/topics/')).toEqual([]);
  });

  test('Not now dismisses it too', async () => {
    const api = stubHome(tour());
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Corkboard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceResource/delete/')).toHaveLength(1),
    );
  });

  test('a failed completion is said and the tour stays', async () => {
    stubHome(tour(), { completed: () => fail('INTERNAL') });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Corkboard' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Travel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show me these' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't save that. Try again.",
    );
    expect(screen.getByRole('dialog', { name: 'Welcome to Corkboard' })).toBeInTheDocument();
  });

  test('no tour served: no dialog, no topics asked', async () => {
    const api = stubHome(null);
    renderApp('/');
    await screen.findAllByRole('link', { name: /Pin 1/ });
    await waitFor(() =>
      expect(api.requests().some((path) => path.includes('UserExperienceResource/get'))).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests().some((path) => path.startsWith('/v3/topics/'))).toBe(false);
  });
});
