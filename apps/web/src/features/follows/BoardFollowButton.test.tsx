// The board Follow button (saving.md §4, §6, §8): optimistic, silently reverted on failure; none
// for the board's owner; the sign-up flow for visitors.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoard } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { BoardFollowButton } from './BoardFollowButton.tsx';

const board = makeBoard({ id: '30', name: 'Summer gardens' });

/** Signed in as `viewerId`; the follow endpoint answers with `answer`, held until released. */
function stub(viewerId: string | null, answer: (method: string) => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const methods: string[] = [];
  const api = stubApi((url) => {
    if (url.pathname === '/v3/users/me/')
      return viewerId === null ? fail('UNAUTHORIZED') : ok(makeAuthUser({ id: viewerId }));
    return undefined;
  });
  const base = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    if (url.pathname === '/v3/boards/30/follow/') {
      const method = init?.method ?? 'GET';
      methods.push(method);
      return gate.then(() => answer(method));
    }
    return base ? base(input, init) : Promise.reject(new Error('no stub'));
  });
  return { methods, release: () => release() };
}

const button = (name = 'Follow Summer gardens') => screen.findByRole('button', { name });

describe('BoardFollowButton', () => {
  test('follows at once with PUT, and stays followed when the server agrees', async () => {
    const { methods, release } = stub('8', () =>
      ok({ board_id: '30', followed_by_me: true, follower_count: 4 }),
    );
    renderSaving(<BoardFollowButton board={board} />);
    const follow = await button();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(follow).toHaveTextContent('Following');
    expect(methods).toEqual(['PUT']);
    release();
    await waitFor(() => expect(methods).toEqual(['PUT']));
    expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  test('a failed follow goes back silently (§8)', async () => {
    const { release } = stub('8', () => fail('BOARD_NOT_FOUND'));
    renderSaving(<BoardFollowButton board={board} />);
    const follow = await button();
    fireEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    release();
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(follow).toHaveTextContent('Follow');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('unfollows a followed board with DELETE; a failure puts Following back', async () => {
    const { methods, release } = stub('8', () => fail('INTERNAL'));
    renderSaving(<BoardFollowButton board={{ ...board, followed_by_me: true }} />);
    // The name carries the visible text (axe label-content-name-mismatch).
    const follow = await button('Following Summer gardens');
    expect(follow).toHaveTextContent('Following');
    fireEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(follow).toHaveAccessibleName('Follow Summer gardens');
    expect(methods).toEqual(['DELETE']);
    release();
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
  });

  test("shows no button on the viewer's own board", async () => {
    stub('7', () => ok(null));
    const other = makeBoard({
      id: '31',
      name: 'Bread',
      owner: { id: '9', username: 'ben', full_name: 'Ben', image_medium_url: null },
    });
    renderSaving(
      <>
        <BoardFollowButton board={board} />
        <BoardFollowButton board={other} />
      </>,
    );
    // Once the viewer is known, someone else's board has its button and the own board none.
    await screen.findByRole('button', { name: 'Follow Bread' });
    expect(screen.queryByRole('button', { name: 'Follow Summer gardens' })).toBeNull();
  });

  test('keeps the button box, hidden and unreachable, until the viewer is known (no shift)', async () => {
    stub(null, () => ok(null));
    const { container } = renderSaving(<BoardFollowButton board={board} />);
    // Before the session answer: a box the size of the button, out of reach and unseen.
    const pending = container.querySelector('.follow-button--pending');
    expect(pending).not.toBeNull();
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(pending).toHaveAttribute('tabindex', '-1');
    expect(pending).toBeDisabled();
    expect(screen.queryByRole('button')).toBeNull();
    // Then the real button takes its place.
    await screen.findByRole('button', { name: 'Follow' });
    expect(container.querySelector('.follow-button--pending')).toBeNull();
  });

  test('visitors get the sign-up flow instead', async () => {
    stub(null, () => ok(null));
    renderSaving(<BoardFollowButton board={board} />);
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).not.toHaveAttribute('aria-pressed');
  });
});
