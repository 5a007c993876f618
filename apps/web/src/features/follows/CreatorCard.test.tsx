// The creator card (saving.md §2.9): the official user's name and avatar linking to their
// profile, and a Follow button that is optimistic and goes back when the request fails (§4, §8).
import type { FollowableUser } from '@corkboard/shared/api-types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { CreatorCard } from './CreatorCard.tsx';

const ben: FollowableUser = {
  id: '31',
  username: 'ben_woodworks',
  full_name: 'Ben Hollis',
  image_medium_url: '/media/avatars/ben.jpg',
  followed_by_me: false,
};

/** The follow endpoints answer with `answer`, held until `release` is called when `hold`. */
function stubFollow(answer: (follow: boolean) => Response, options: { hold?: boolean } = {}) {
  let release: () => void = () => undefined;
  const gate = options.hold
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
  const api = stubApi((url) => {
    if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
    return undefined;
  });
  // Replace the stub's answer for the follow calls with a held one.
  const base = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    if (url.pathname === '/resource/UserFollowResource/create/')
      return gate.then(() => answer(true));
    if (url.pathname === '/resource/UserFollowResource/delete/')
      return gate.then(() => answer(false));
    return base ? base(input, init) : Promise.reject(new Error('no stub'));
  });
  return { api, release: () => release() };
}

function renderCard(props: Partial<Parameters<typeof CreatorCard>[0]> = {}) {
  return renderSaving(
    <CreatorCard user={ben} domain="woodshop.example.org" pinId="900" {...props} />,
  );
}

function followButton(): HTMLElement {
  return screen.getByRole('button', { name: 'Follow Ben Hollis' });
}

describe('CreatorCard', () => {
  test('avatar and name link to the profile; the domain says why they are shown', () => {
    stubFollow(() => ok(null));
    const { container } = renderCard();
    const profile = screen.getByRole('link', { name: /Ben Hollis/ });
    expect(profile).toHaveAttribute('href', '/ben_woodworks/');
    expect(profile).toHaveTextContent('Official account of woodshop.example.org');
    // The avatar is decorative: the name next to it is the link's text.
    expect(container.querySelector('img.avatar')).toHaveAttribute('alt', '');
  });

  test('Follow is a real button with a clear name, not pressed at first', () => {
    stubFollow(() => ok(null));
    renderCard();
    const button = followButton();
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('Follow');
    expect(button).toBeEnabled();
    // Keyboard: it takes focus like any button (Enter and Space are the browser's).
    button.focus();
    expect(button).toHaveFocus();
  });

  test('following shows at once, then the request goes with the pin it came from', async () => {
    const { api, release } = stubFollow(
      () => ok({ ...ben, followed_by_me: true, follower_count: 1 }),
      { hold: true },
    );
    renderCard();
    fireEvent.click(followButton());
    // Optimistic: pressed and 'Following' before the server has answered.
    expect(followButton()).toHaveAttribute('aria-pressed', 'true');
    expect(followButton()).toHaveTextContent('Following');
    expect(api.bodies('/resource/UserFollowResource/create/')).toEqual([
      { options: { user_id: '31', aux_data: { pin_id: '900' } } },
    ]);
    // A second press while the first request runs does nothing.
    fireEvent.click(followButton());
    expect(api.bodies('/resource/UserFollowResource/delete/')).toEqual([]);
    release();
    await waitFor(() => expect(followButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(followButton()).toHaveTextContent('Following');
  });

  test('pressing Following unfollows', async () => {
    const { api } = stubFollow(() => ok({ ...ben, followed_by_me: false, follower_count: 0 }));
    renderCard({ user: { ...ben, followed_by_me: true } });
    expect(followButton()).toHaveAttribute('aria-pressed', 'true');
    expect(followButton()).toHaveTextContent('Following');
    fireEvent.click(followButton());
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    expect(followButton()).toHaveTextContent('Follow');
    await waitFor(() =>
      expect(api.bodies('/resource/UserFollowResource/delete/')).toEqual([
        { options: { user_id: '31', aux_data: { pin_id: '900' } } },
      ]),
    );
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
  });

  test('a failed follow goes back, silently unless the caller asks (§8)', async () => {
    const { release } = stubFollow(() => fail('RATE_LIMITED'), { hold: true });
    const onFollowError = vi.fn();
    renderCard({ onFollowError });
    fireEvent.click(followButton());
    expect(followButton()).toHaveAttribute('aria-pressed', 'true');
    release();
    await waitFor(() => expect(followButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(followButton()).toHaveTextContent('Follow');
    expect(onFollowError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed unfollow goes back to Following', async () => {
    stubFollow(() => fail('INTERNAL'));
    renderCard({ user: { ...ben, followed_by_me: true } });
    expect(followButton()).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(followButton());
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(followButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(followButton()).toHaveTextContent('Following');
  });
});
