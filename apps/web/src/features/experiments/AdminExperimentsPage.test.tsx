// /admin/experiments/ (docs/decisions/120): an operator sees the experiments and their shares,
// saves a new allocation, overrides a person into a group and removes the override, reads the
// exposure log filtered by group; the server's refusals are shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const experiments = [
  {
    name: 'web_increased_min_password_length',
    description: 'Signup passwords need 8 characters in the enabled group.',
    groups: [
      { name: 'control', percent: 50, exposures: 12 },
      { name: 'enabled', percent: 50, exposures: 1 },
    ],
    override_count: 1,
    updated_at: '2026-11-23T10:00:00.000Z',
    updated_by: null,
  },
  {
    name: 'web_extension_upsell',
    description: 'The extension upsell.',
    groups: [
      { name: 'control', percent: 0, exposures: 0 },
      { name: 'enabled', percent: 100, exposures: 0 },
    ],
    override_count: 0,
    updated_at: '2026-11-23T10:00:00.000Z',
    updated_by: null,
  },
];
const BASE = '/v3/admin/experiments/web_increased_min_password_length/';

function stubAdmin(extra: (url: URL, init: RequestInit | undefined) => Response | undefined) {
  return stubApi((url, init) => {
    if (url.pathname === '/v3/users/me/') return ok(operator);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/v3/admin/experiments/') return ok(experiments);
    if (url.pathname === `${BASE}overrides/`) {
      return ok([
        {
          username: 'sam',
          group: 'enabled',
          created_at: '2026-11-23T10:00:00.000Z',
          created_by: 'ines',
        },
      ]);
    }
    if (url.pathname === `${BASE}exposures/`) {
      const group = url.searchParams.get('group');
      const rows = [
        {
          id: '2',
          username: 'sam',
          visitor: null,
          group: 'enabled',
          source: 'override',
          exposed_at: '2026-11-23T10:00:00.000Z',
        },
        {
          id: '1',
          username: null,
          visitor: 'abcdefgh',
          group: 'control',
          source: 'allocation',
          exposed_at: '2026-11-23T09:00:00.000Z',
        },
      ];
      return ok(group ? rows.filter((row) => row.group === group) : rows, group ? undefined : 'b1');
    }
    return undefined;
  });
}

describe('admin experiments page', () => {
  test('is a section of the admin navigation and shows shares, overrides and exposures', async () => {
    stubAdmin(() => undefined);
    renderApp('/admin/experiments/');
    expect(
      await screen.findByRole('heading', { name: 'Experiments', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', {
        name: 'Experiments',
      }),
    ).toHaveAttribute('href', '/admin/experiments/');
    expect(await screen.findByLabelText('Share of control (%)')).toHaveValue(50);
    expect(screen.getByText('12 people exposed')).toBeInTheDocument();
    expect(screen.getByText('1 person exposed')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Remove the override of sam' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exposure log' });
    expect(within(table).getByText('Visitor abcdefgh…')).toBeInTheDocument();
    expect(within(table).getByText('Override')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Show group'), { target: { value: 'control' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Exposure log' })).queryByText('sam'),
      ).toBeNull(),
    );
    expect(
      within(screen.getByRole('table', { name: 'Exposure log' })).getByText('Bucket'),
    ).toBeInTheDocument();
  });

  test('saves a new allocation and shows a refusal from the server', async () => {
    let refuse = true;
    const api = stubAdmin((url, init) => {
      if (url.pathname !== BASE || init?.method !== 'PUT') return undefined;
      return refuse
        ? fail('EXPERIMENT_ALLOCATION_INVALID')
        : ok({ name: 'web_increased_min_password_length' });
    });
    renderApp('/admin/experiments/');
    fireEvent.change(
      await screen.findByLabelText('Share of control (%)', {}, { timeout: 20_000 }),
      {
        target: { value: '40' },
      },
    );
    expect(screen.getByText('Total: 90%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save allocation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Give every group of the experiment once, with shares that add up to 100%.',
    );
    refuse = false;
    fireEvent.change(screen.getByLabelText('Share of enabled (%)'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save allocation' }));
    expect(
      await screen.findByText('The allocation of web_increased_min_password_length is saved.'),
    ).toBeInTheDocument();
    expect(api.bodies(BASE).at(-1)).toEqual({
      groups: [
        { name: 'control', percent: 40 },
        { name: 'enabled', percent: 60 },
      ],
    });
  });

  test('overrides a person into a group and removes an override', async () => {
    const api = stubAdmin((url, init) => {
      if (url.pathname === `${BASE}overrides/maya/` && init?.method === 'PUT') {
        return ok({ name: 'web_increased_min_password_length' });
      }
      if (url.pathname === `${BASE}overrides/nobody/` && init?.method === 'PUT') {
        return fail('EXPERIMENT_OVERRIDE_USER_NOT_FOUND');
      }
      if (url.pathname === `${BASE}overrides/sam/` && init?.method === 'DELETE') {
        return ok({ name: 'web_increased_min_password_length' });
      }
      return undefined;
    });
    renderApp('/admin/experiments/');
    fireEvent.change(await screen.findByLabelText('Username', {}, { timeout: 20_000 }), {
      target: { value: 'nobody' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save override' }));
    expect(await screen.findByText('There is no one with that username.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' maya ' } });
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'enabled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save override' }));
    expect(await screen.findByText('maya is now in enabled.')).toBeInTheDocument();
    expect(api.bodies(`${BASE}overrides/maya/`)).toEqual([{ group: 'enabled' }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Remove the override of sam' }));
    expect(await screen.findByText('sam is back in their own bucket.')).toBeInTheDocument();
  });
});
