// The home banner placement (docs/decisions/081): asked for signed-in people only, shown with
// its definition's copy, a view recorded, dismissed for good.
import type { Experience } from '@corkboard/shared/experiences/experiences';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function banner(overrides: Partial<Experience['display_data']> = {}): Experience {
  return {
    experience_id: '12',
    placement_id: 2,
    placed_experience_id: '2:12',
    display_data: {
      kind: 'banner',
      anchor: 'home_feed',
      title: 'Plan your garden',
      body: 'Save seed ideas to a board.',
      button_text: 'Make a board',
      link: '/board/create/',
      ...overrides,
    },
    extra_context: { page: 'home' },
    targeting: {},
    triggerable_placed_exps: [],
    metadata: {
      name: 'Garden',
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
  options: { signedIn?: boolean; dismiss?: Response } = {},
) {
  return stubApi((url) => {
    if (url.pathname === '/v3/users/me/' && options.signedIn !== false) return ok(makeAuthUser());
    if (url.pathname === '/v3/feeds/home/') return ok(makePins(1, 3));
    if (url.pathname === '/resource/UserExperienceResource/get/') {
      return ok({ experiences: { '2': experience }, triggerable_placed_exps: [] });
    }
    if (url.pathname === '/resource/UserExperienceViewedResource/update/') {
      return ok({ placed_experience_id: '2:12', status: 'viewed', view_count: 1 });
    }
    if (url.pathname === '/resource/UserExperienceResource/delete/') {
      return (
        options.dismiss ?? ok({ placed_experience_id: '2:12', status: 'dismissed', view_count: 1 })
      );
    }
    return undefined;
  });
}

describe('home banner experience', () => {
  test('shows the experience, records a view, and dismisses it for good', async () => {
    const api = stubHome(banner());
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Plan your garden' });
    expect(region).toHaveTextContent('Save seed ideas to a board.');
    expect(screen.getByRole('link', { name: 'Make a board' })).toHaveAttribute(
      'href',
      '/board/create/',
    );
    // The banner's own ask (the first-run tour asks for its placement separately).
    const asks = api
      .requests()
      .filter((path) => path.startsWith('/resource/UserExperienceResource/get/'))
      .map(
        (path) =>
          JSON.parse(
            new URL(path, 'http://localhost').searchParams.get('options') ?? '{}',
          ) as Record<string, unknown>,
      );
    expect(asks).toContainEqual(
      expect.objectContaining({ placement_ids: [2], extra_context: { page: 'home' } }),
    );
    await waitFor(() =>
      expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([
        { options: { placed_experience_id: '2:12', extra_context: { page: 'home' } } },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Plan your garden' })).toBeNull(),
    );
    expect(api.bodies('/resource/UserExperienceResource/delete/')).toEqual([
      { options: { placed_experience_id: '2:12' } },
    ]);
  });

  test('keeps it when the dismissal fails, and says so', async () => {
    stubHome(banner(), { dismiss: fail('INTERNAL') });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't hide this message. Try again.",
    );
    expect(screen.getByRole('region', { name: 'Plan your garden' })).toBeInTheDocument();
  });

  test('visitors never ask for experiences', async () => {
    const api = stubHome(banner(), { signedIn: false });
    renderApp('/');
    await screen.findAllByRole('link', { name: /Pin 1/ });
    expect(api.requests().some((path) => path.includes('UserExperience'))).toBe(false);
  });

  test('a placement without an experience shows nothing', async () => {
    const api = stubHome(null);
    renderApp('/');
    await waitFor(() =>
      expect(api.requests().some((path) => path.includes('UserExperienceResource/get'))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(api.bodies('/resource/UserExperienceViewedResource/update/')).toEqual([]);
  });
});
