import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoard, makePins, makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function stubProfileApiHandler(url: URL, answerUser = ok(makeUser())): Response | undefined {
  if (url.pathname === '/v3/users/alice/') return answerUser;
  if (url.pathname === '/v3/users/alice/boards/') {
    return ok([
      makeBoard(),
      makeBoard({ id: '31', name: 'Bread', url: '/alice/bread/', privacy: 'secret' }),
    ]);
  }
  if (url.pathname === '/v3/users/alice/pins/') return ok(makePins(1, 2));
  return undefined;
}

function stubProfileApi(answerUser = ok(makeUser())) {
  return stubApi((url) => stubProfileApiHandler(url, answerUser));
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
    expect(screen.getByRole('button', { name: '1,200 followers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 following' })).toBeInTheDocument();

    const boardLink = await screen.findByRole('link', { name: /Summer gardens/ });
    expect(boardLink).toHaveAttribute('href', '/alice/summer-gardens/');
    expect(within(boardLink).getByText('42 Pins')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Bread/ })).getByText('Secret'),
    ).toBeInTheDocument();
  });

  test('the follower count opens the followers list; each person links to their profile', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/alice/followers/') {
        return ok([
          {
            id: '40',
            username: 'ben',
            full_name: 'Ben Hollis',
            image_medium_url: null,
            followed_by_me: false,
            follower_count: 2,
          },
        ]);
      }
      return stubProfileApiHandler(url);
    });
    renderApp('/alice/');
    fireEvent.click(await screen.findByRole('button', { name: '1,200 followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const ben = await within(dialog).findByRole('link', { name: /Ben Hollis/ });
    expect(ben).toHaveAttribute('href', '/ben/');
    // A visitor gets no per-person Follow button in the list.
    expect(within(dialog).queryByRole('button', { name: 'Follow Ben Hollis' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('signed in, Follow on the profile follows at once and a failure puts it back', async () => {
    let answer = () => fail('INTERNAL');
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ id: '99', username: 'zed' }));
      if (url.pathname === '/resource/UserFollowResource/create/') return answer();
      return stubProfileApiHandler(url);
    });
    renderApp('/alice/');
    const follow = await screen.findByRole('button', { name: 'Follow Alice Example' });
    fireEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(api.bodies('/resource/UserFollowResource/create/')).toEqual([
      { options: { user_id: '7' } },
    ]);
    answer = () => ok({ ...makeUser(), followed_by_me: true, follower_count: 1201 });
    fireEvent.click(follow);
    await waitFor(() => expect(api.bodies('/resource/UserFollowResource/create/')).toHaveLength(2));
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    // Someone else's boards have a Follow button of their own on each card.
    expect(
      await screen.findByRole('button', { name: 'Follow Summer gardens' }),
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

describe('board invitations on the own profile', () => {
  const invite = (boardId: string, name: string) => ({
    board: {
      id: boardId,
      name,
      url: `/gus/${name.toLowerCase()}/`,
      privacy: 'secret',
      owner: { id: '20', username: 'gus', full_name: 'Gus Grows', image_medium_url: null },
      pin_count: 3,
      cover_images: [],
    },
    invited_by: { id: '20', username: 'gus', full_name: 'Gus Grows', image_medium_url: null },
    created_at: '2026-11-20T10:00:00.000Z',
  });

  function stubOwnProfile(answer: (path: string) => Response = () => ok(null)) {
    let pending = [invite('40', 'Seedlings'), invite('41', 'Tools')];
    return stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/board_invites/') return ok(pending);
      const answered = /^\/v3\/boards\/(\d+)\/collaborators\/(accept|decline)\/$/.exec(
        url.pathname,
      );
      if (answered) {
        const response = answer(url.pathname);
        if (response.ok) {
          const item = pending.find((candidate) => candidate.board.id === answered[1])!;
          pending = pending.filter((candidate) => candidate !== item);
          return ok({
            board: { id: item.board.id, name: item.board.name, url: item.board.url },
            status: answered[2] === 'accept' ? 'accepted' : 'declined',
          });
        }
        return response;
      }
      return stubProfileApiHandler(url);
    });
  }

  test('accepting joins the board and takes the invitation off the list', async () => {
    const api = stubOwnProfile();
    renderApp('/alice/');
    const section = await screen.findByRole('region', { name: 'Board invitations' });
    expect(within(section).getAllByText('Gus Grows invited you to collaborate')).toHaveLength(2);
    fireEvent.click(
      within(section).getByRole('button', { name: 'Accept the invitation to Seedlings' }),
    );
    expect(await screen.findByText('You joined Seedlings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the board' })).toHaveAttribute(
      'href',
      '/gus/seedlings/',
    );
    expect(api.requests()).toContain('/v3/boards/40/collaborators/accept/');
    // The list is asked again: one invitation left, so the heading is singular.
    expect(await screen.findByRole('region', { name: 'Board invitation' })).toBeInTheDocument();
    expect(screen.queryByText('Seedlings')).toBeNull();
  });

  test('declining says so; a failed answer keeps the row and says it did not work', async () => {
    let fails = true;
    stubOwnProfile(() => (fails ? fail('INTERNAL') : ok(null)));
    renderApp('/alice/');
    const section = await screen.findByRole('region', { name: 'Board invitations' });
    fireEvent.click(
      within(section).getByRole('button', { name: 'Decline the invitation to Tools' }),
    );
    expect(await screen.findByText("That didn't work. Please try again.")).toBeInTheDocument();
    expect(within(section).getByText('Tools')).toBeInTheDocument();
    fails = false;
    fireEvent.click(
      within(section).getByRole('button', { name: 'Decline the invitation to Tools' }),
    );
    expect(await screen.findByText('You declined the invitation to Tools.')).toBeInTheDocument();
  });

  test("someone else's profile does not ask for invitations", async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ username: 'bob', id: '8' }));
      return stubProfileApiHandler(url);
    });
    renderApp('/alice/');
    await screen.findByRole('link', { name: /Summer gardens/ });
    expect(api.requests().some((path) => path.startsWith('/v3/users/me/board_invites/'))).toBe(
      false,
    );
    expect(screen.queryByRole('region', { name: /Board invitation/ })).toBeNull();
  });
});
