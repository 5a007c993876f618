// The admin frame's gate (visitors, people, operators), the overview's figures, the operator
// list with grant and revoke, and the account menu's Admin entry for operators only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeUser, summaryOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const overview = {
  people: 1234,
  people_last_7_days: 5,
  pins: 300,
  pins_last_7_days: 12,
  boards: 18,
  secret_boards: 1,
  images: 305,
  operators: 2,
  mail_delivery: 'smtp',
  production: true,
};

describe('admin pages', () => {
  test('a visitor is asked to log in and nothing admin is fetched', async () => {
    const api = stubApi(() => undefined);
    renderApp('/admin/');
    expect(
      await screen.findByRole('heading', { name: 'Log in to open the admin pages' }),
    ).toBeInTheDocument();
    expect(api.requests()).toEqual([]);
  });

  test('a signed-in person who is not an operator is told the page is for operators', async () => {
    const api = stubApi((url) =>
      url.pathname === '/v3/users/me/' ? ok(makeAuthUser({ is_admin: false })) : undefined,
    );
    renderApp('/admin/overview/');
    expect(
      await screen.findByRole('heading', { name: 'This page is for Corkboard operators only' }),
    ).toBeInTheDocument();
    expect(api.requests().filter((path) => path.startsWith('/v3/admin/'))).toEqual([]);
  });

  test('an operator lands on the overview with its figures and the section navigation', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/overview/') return ok(overview);
      return undefined;
    });
    renderApp('/admin/');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('5 new in the last 7 days')).toBeInTheDocument();
    // Mail goes out: nothing to warn about.
    expect(screen.queryByRole('alert')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Operators' })).toHaveAttribute(
      'href',
      '/admin/operators/',
    );
  });

  test.each([
    [true, 'alert', /^Mail is not being delivered: SMTP_URL is not set\./],
    [false, 'note', /^Mail is kept in the development mailbox/],
  ] as const)(
    'without SMTP_URL (production %s) the overview says where mail goes',
    async (production, kind, text) => {
      stubApi((url) => {
        if (url.pathname === '/v3/users/me/') return ok(operator);
        if (url.pathname === '/v3/admin/overview/')
          return ok({ ...overview, mail_delivery: 'dev_mailbox', production });
        return undefined;
      });
      renderApp('/admin/overview/');
      expect(await screen.findByText(text)).toBeInTheDocument();
      if (kind === 'alert') expect(screen.getByRole('alert')).toHaveTextContent(text);
      else expect(screen.getByRole('link', { name: '/dev/mailbox' })).toBeInTheDocument();
    },
  );

  test('operators: grant by username, and the server refusing to remove the last one is shown', async () => {
    const ines = summaryOf(makeUser({ id: '1', username: 'ines', full_name: 'Ines L' }));
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/operators/') return ok([ines]);
      if (url.pathname === '/v3/admin/operators/gus/' && init?.method === 'PUT')
        return ok({ username: 'gus' });
      if (url.pathname === '/v3/admin/operators/ines/' && init?.method === 'DELETE')
        return fail('ADMIN_LAST_OPERATOR');
      return undefined;
    });
    renderApp('/admin/operators/');
    expect(await screen.findByText('@ines')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' gus ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make operator' }));
    expect(await screen.findByText('gus is now an operator.')).toBeInTheDocument();
    expect(api.requests()).toContain('/v3/admin/operators/gus/');

    fireEvent.click(screen.getByRole('button', { name: 'Remove ines' }));
    expect(screen.getByText('Remove operator rights from ines?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove ines' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        'Corkboard needs at least one operator. Make someone else an operator first.',
      ),
    );
  });

  test('the account menu links the admin pages for operators only', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      return undefined;
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin/');
  });

  test('no Admin entry for people who are not operators', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ is_admin: false }));
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      return undefined;
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Your account' }));
    expect(screen.getByRole('menuitem', { name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
