// saving.md §9 session storage keys: last visited pages, invite-code redemption, paid-traffic
// landing (docs/decisions/133).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoard, makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import {
  LAST_VISITED_PAGES_MAX,
  markInviteCodeRedeemed,
  pendingInviteCode,
  readInviteCodeRedemption,
  readLastVisitedPages,
  readPaidTrafficLanding,
  recordPageVisit,
  SESSION_KEYS,
} from './sessionKeys.ts';

const NOW = new Date('2026-11-23T20:00:00.000Z');

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('session storage keys', () => {
  test('last visited pages: newest first, no repeat of the current page, capped', () => {
    const storage = window.sessionStorage;
    recordPageVisit(storage, '/', '', NOW);
    recordPageVisit(storage, '/search/pins/', '?q=lamp', NOW);
    recordPageVisit(storage, '/search/pins/', '?q=lamp', NOW);
    expect(readLastVisitedPages(storage)).toEqual(['/search/pins/?q=lamp', '/']);
    for (let index = 0; index < LAST_VISITED_PAGES_MAX + 3; index += 1) {
      recordPageVisit(storage, `/pin/${index + 1}/`, '', NOW);
    }
    const pages = readLastVisitedPages(storage);
    expect(pages).toHaveLength(LAST_VISITED_PAGES_MAX);
    expect(pages[0]).toBe(`/pin/${LAST_VISITED_PAGES_MAX + 3}/`);
    expect(storage.getItem(SESSION_KEYS.lastVisitedPages)).toContain('/pin/13/');
  });

  test('an invite code is kept until a follow redeems it; bad codes are ignored', () => {
    const storage = window.sessionStorage;
    recordPageVisit(storage, '/', '?invite_code=bad%20code', NOW);
    expect(pendingInviteCode(storage)).toBeNull();
    recordPageVisit(storage, '/alice/', '?invite_code=summer-22', NOW);
    expect(pendingInviteCode(storage)).toBe('summer-22');
    markInviteCodeRedeemed(storage, 'summer-22', NOW);
    expect(pendingInviteCode(storage)).toBeNull();
    expect(readInviteCodeRedemption(storage)).toEqual({
      code: 'summer-22',
      landed_at: NOW.toISOString(),
      redeemed_at: NOW.toISOString(),
    });
    // The same code again is the same redemption, not a new one.
    recordPageVisit(storage, '/alice/', '?invite_code=summer-22', NOW);
    expect(pendingInviteCode(storage)).toBeNull();
  });

  test('the first paid landing of the visit is kept; unpaid visits are not one', () => {
    const storage = window.sessionStorage;
    recordPageVisit(storage, '/', '?utm_medium=email&utm_source=news', NOW);
    expect(readPaidTrafficLanding(storage)).toBeNull();
    recordPageVisit(storage, '/pin/5/', '?utm_medium=CPC&utm_source=searchco', NOW);
    recordPageVisit(storage, '/pin/6/', '?gclid=abc', NOW);
    expect(readPaidTrafficLanding(storage)).toEqual({
      path: '/pin/5/?utm_medium=CPC&utm_source=searchco',
      source: 'searchco',
      at: NOW.toISOString(),
    });
  });

  test('a broken stored value reads as nothing', () => {
    window.sessionStorage.setItem(SESSION_KEYS.lastVisitedPages, '{not json');
    window.sessionStorage.setItem(SESSION_KEYS.inviteCodeRedemption, '"x"');
    expect(readLastVisitedPages(window.sessionStorage)).toEqual([]);
    expect(pendingInviteCode(window.sessionStorage)).toBeNull();
  });
});

describe('in the app', () => {
  test('pages visited are recorded, and the first follow sends the invite code once', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ id: '99', username: 'zed' }));
      if (url.pathname === '/v3/users/alice/') return ok(makeUser());
      if (url.pathname === '/v3/users/alice/boards/') return ok([makeBoard()]);
      if (url.pathname === '/resource/UserFollowResource/create/') {
        return ok({ ...makeUser(), followed_by_me: true, follower_count: 1201 });
      }
      if (url.pathname === '/resource/UserFollowResource/delete/') {
        return ok({ ...makeUser(), followed_by_me: false, follower_count: 1200 });
      }
      return undefined;
    });
    renderApp('/alice/?invite_code=summer-22');
    const follow = await screen.findByRole('button', { name: 'Follow Alice Example' });
    expect(readLastVisitedPages(window.sessionStorage)).toEqual(['/alice/?invite_code=summer-22']);
    fireEvent.click(follow);
    await waitFor(() => expect(api.bodies('/resource/UserFollowResource/create/')).toHaveLength(1));
    await waitFor(() => expect(pendingInviteCode(window.sessionStorage)).toBeNull());
    fireEvent.click(follow);
    await waitFor(() => expect(api.bodies('/resource/UserFollowResource/delete/')).toHaveLength(1));
    fireEvent.click(follow);
    await waitFor(() => expect(api.bodies('/resource/UserFollowResource/create/')).toHaveLength(2));
    expect(api.bodies('/resource/UserFollowResource/create/')).toEqual([
      { options: { user_id: '7', invite_code: 'summer-22' } },
      { options: { user_id: '7' } },
    ]);
    expect(api.bodies('/resource/UserFollowResource/delete/')).toEqual([
      { options: { user_id: '7' } },
    ]);
  });
});
