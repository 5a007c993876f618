import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeBoard, makePins, makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function stubProfileApi(answerUser = ok(makeUser())) {
  return stubApi((url) => {
    if (url.pathname === '/v3/users/alice/') return answerUser;
    if (url.pathname === '/v3/users/alice/boards/') {
      return ok([
        makeBoard(),
        makeBoard({ id: '31', name: 'Bread', url: '/alice/bread/', privacy: 'secret' }),
      ]);
    }
    if (url.pathname === '/v3/users/alice/pins/') return ok(makePins(1, 2));
    return undefined;
  });
}

describe('profile page', () => {
  test('shows the person and their boards', async () => {
    stubProfileApi();
    renderApp('/alice/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alice Example' }),
    ).toBeInTheDocument();
    expect(screen.getByText('@alice')).toBeInTheDocument();
    expect(screen.getByText('Gardens and bread.')).toBeInTheDocument();
    expect(screen.getByText(/1,200 followers · 1 following/)).toBeInTheDocument();

    const boardLink = await screen.findByRole('link', { name: /Summer gardens/ });
    expect(boardLink).toHaveAttribute('href', '/alice/summer-gardens/');
    expect(within(boardLink).getByText('42 Pins')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Bread/ })).getByText('Secret'),
    ).toBeInTheDocument();
  });

  test('the saved pins tab shows the pins they saved', async () => {
    stubProfileApi();
    renderApp('/alice/');
    const tabs = await screen.findByRole('navigation', { name: 'Profile content' });
    expect(within(tabs).getByRole('link', { name: 'Boards' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    fireEvent.click(within(tabs).getByRole('link', { name: 'Saved pins' }));
    expect(await screen.findByRole('link', { name: 'Pin 2' })).toHaveAttribute('href', '/pin/2/');
    expect(within(tabs).getByRole('link', { name: 'Saved pins' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('an unknown person shows the 404 state', async () => {
    stubProfileApi(fail('USER_NOT_FOUND'));
    renderApp('/alice/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile could not be found' }),
    ).toBeInTheDocument();
  });
});
