// /admin/experiences/: an operator defines an experience (the body the API gets), sees the
// server's refusal as it comes, changes one, ends one and deletes one after confirming.
import type { AdminExperience } from '@corkboard/shared/experiences/experiences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });

const tour: AdminExperience = {
  id: '7',
  placement_id: 1,
  placed_experience_id: '1:7',
  name: 'Welcome tour',
  priority: 0,
  triggerable: false,
  display_data: { kind: 'first_run_tour', anchor: 'none', title: 'Welcome' },
  audience: { signed_up_within_days: 7 },
  starts_at: null,
  ends_at: null,
  max_views_per_person: 3,
  max_people: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  people_by_status: { completed: 4, dismissed: 1 },
};

function stubAdmin(create: Response = ok({ ...tour, id: '8', name: 'Spring banner' })) {
  return stubApi((url, init) => {
    if (url.pathname === '/v3/users/me/') return ok(operator);
    if (url.pathname === '/v3/admin/experiences/' && (init?.method ?? 'GET') === 'GET') {
      return ok([tour]);
    }
    if (url.pathname === '/v3/admin/experiences/' && init?.method === 'POST') return create;
    if (url.pathname === '/v3/admin/experiences/7/' && init?.method === 'PUT') {
      return ok({ ...tour, name: 'Welcome tour 2' });
    }
    if (url.pathname === '/v3/admin/experiences/7/end/') return ok(tour);
    if (url.pathname === '/v3/admin/experiences/7/' && init?.method === 'DELETE') {
      return ok({ id: '7' });
    }
    return undefined;
  });
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('admin experiences page', () => {
  test('lists experiences with people per status and defines a new one', async () => {
    const api = stubAdmin();
    renderApp('/admin/experiences/');
    expect(await screen.findByRole('heading', { name: 'Experiences', level: 1 })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Experiences' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText(/4 completed · 1 dismissed/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Placement'), { target: { value: 'home_banner' } });
    type('Name (for operators)', 'Spring banner');
    type('Priority (higher first)', '5');
    fireEvent.change(screen.getByLabelText('Shown as'), { target: { value: 'banner' } });
    fireEvent.change(screen.getByLabelText('Anchored to'), { target: { value: 'home_feed' } });
    type('Title', 'Plant now');
    type('Button link (a path on Corkboard)', '/search/pins/?q=garden');
    type(/Only these countries/, 'es, us');
    type('Most views per person', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Define experience' }));
    expect(await screen.findByText('Spring banner is defined.')).toBeInTheDocument();
    expect(api.bodies('/v3/admin/experiences/').filter(Boolean)).toEqual([
      {
        placement_id: 2,
        name: 'Spring banner',
        priority: 5,
        triggerable: false,
        display_data: {
          kind: 'banner',
          anchor: 'home_feed',
          title: 'Plant now',
          body: '',
          button_text: '',
          link: '/search/pins/?q=garden',
        },
        audience: { countries: ['es', 'us'] },
        max_views_per_person: 2,
      },
    ]);
  });

  test("shows the server's refusal", async () => {
    stubAdmin(fail('VALIDATION_FAILED', 'display_data.link: Must be a path on Corkboard'));
    renderApp('/admin/experiences/');
    await screen.findByLabelText('Name (for operators)');
    type('Name (for operators)', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Define experience' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be a path on Corkboard');
  });

  test('changes, ends and deletes an experience', async () => {
    const api = stubAdmin();
    renderApp('/admin/experiences/');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Welcome tour' }));
    expect(screen.getByLabelText('Name (for operators)')).toHaveValue('Welcome tour');
    expect(screen.getByLabelText('Most views per person')).toHaveValue('3');
    type('Name (for operators)', 'Welcome tour 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Welcome tour 2 is changed.')).toBeInTheDocument();
    expect(api.bodies('/v3/admin/experiences/7/').filter(Boolean)).toMatchObject([
      {
        placement_id: 1,
        name: 'Welcome tour 2',
        display_data: { kind: 'first_run_tour', title: 'Welcome' },
        audience: { signed_up_within_days: 7 },
        max_views_per_person: 3,
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'End Welcome tour now' }));
    expect(await screen.findByText('Welcome tour has ended for everyone.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome tour' }));
    expect(screen.getByText("Delete Welcome tour and everyone's status for it?")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome tour' }));
    expect(await screen.findByText('Welcome tour is deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(
        1,
      ),
    );
  });
});
