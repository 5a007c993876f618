// BoardPickerBoardsResource and BoardSectionsRepinResource: only boards the viewer can save to
// (owned and accepted-collaborator boards; never invited-only, other people's or secret boards
// of others), the picker fields, the shortlist (recent, then relevant), filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardPickerData, PickerSectionItem } from '@corkboard/shared/saving/api';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { PICKER_COLLABORATORS_SHOWN } from './board-items.repository.ts';
import { SECTION_PICKER_PAGE_SIZE } from '../sections/sections.service.ts';
import { BOARD_PICKER_MAX_PAGE_SIZE } from './board-picker.service.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let me: UserFixture;
let friend: UserFixture;
let stranger: UserFixture;
let business: UserFixture;
/** The business's ad account: what `advertiser_id` names (docs/decisions/101). */
let businessAdvertiser: string;
let cooking: BoardFixture;
let travel: BoardFixture;
let secretMine: BoardFixture;
let friendsShared: BoardFixture;
let friendsInvited: BoardFixture;
let friendsSecret: BoardFixture;
let friendsPublic: BoardFixture;
let campaign: BoardFixture;

function picker(options: Record<string, unknown>, who: Who) {
  return test.client.resourceGet<BoardPickerData>('BoardPickerBoardsResource', options, who);
}

function ids(items: { id: string }[]): string[] {
  return items.map((item) => item.id);
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  me = await f.user({ username: 'picker_me' });
  friend = await f.user({ username: 'picker_friend', firstName: 'Fran', lastName: 'Friend' });
  stranger = await f.user({ username: 'picker_stranger' });
  business = await f.user({ username: 'picker_business' });
  businessAdvertiser = (await f.business(business)).advertiserId;

  cooking = await f.board(me, { name: 'Cooking' });
  travel = await f.board(me, { name: 'Travel Plans' });
  secretMine = await f.board(me, { name: '2024 Secret', privacy: 'secret' });
  friendsShared = await f.board(friend, { name: 'Shared Recipes' });
  friendsInvited = await f.board(friend, { name: 'Invited Only' });
  friendsSecret = await f.board(friend, { name: 'Friend Secret Shared', privacy: 'secret' });
  friendsPublic = await f.board(friend, { name: 'Friend Public' });
  campaign = await f.board(business, { name: 'Campaign', privacy: 'protected' });
  await f.collaborator(friendsShared, me, 'accepted');
  await f.collaborator(friendsSecret, me, 'accepted');
  await f.collaborator(friendsInvited, me, 'invited');
  // Several collaborators on one board: only three are named.
  for (let i = 0; i < PICKER_COLLABORATORS_SHOWN + 1; i += 1) {
    await f.collaborator(cooking, await f.user({ withAvatar: i === 0 }), 'accepted');
  }
  await f.pin({ board: travel, pinner: me, title: 'Lisbon trams' });
  await f.pin({ board: cooking, pinner: me, title: 'Ramen' });
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('BoardPickerBoardsResource get', () => {
  it('lists every board the viewer can save to, and only those', async () => {
    const result = await picker({}, me);
    expect(result.status).toBe(200);
    expect(new Set(ids(result.data.all_boards))).toEqual(
      new Set([cooking.id, travel.id, secretMine.id, friendsShared.id, friendsSecret.id]),
    );
    const listed = ids(result.data.all_boards);
    expect(listed).not.toContain(friendsInvited.id);
    expect(listed).not.toContain(friendsPublic.id);
    // Newest first; the picker sorts by name itself.
    expect(listed).toEqual([...listed].sort((a, b) => Number(b) - Number(a)));
  });

  it('never lists the boards to someone who cannot save to them', async () => {
    const result = await picker({}, stranger);
    expect(result.data.all_boards).toEqual([]);
    expect(result.data.boards_shortlist).toEqual([]);
    const theirs = await picker({}, friend);
    expect(ids(theirs.data.all_boards)).not.toContain(cooking.id);
    expect(ids(theirs.data.all_boards)).not.toContain(secretMine.id);
  });

  it('answers the fields the picker needs', async () => {
    const result = await picker({}, me);
    const row = result.data.all_boards.find((board) => board.id === cooking.id);
    expect(row).toMatchObject({
      name: 'Cooking',
      url: `/picker_me/${cooking.slug}/`,
      privacy: 'public',
      owner: { id: me.id, username: 'picker_me' },
      collaborator_count: PICKER_COLLABORATORS_SHOWN + 1,
      is_collaborative: true,
      should_show_board_collaborators: true,
      board_access: ['read', 'write'],
      pin_count: 1,
      section_count: 0,
      has_custom_cover: false,
    });
    expect(row?.collaborating_users).toHaveLength(PICKER_COLLABORATORS_SHOWN);
    expect(row?.collaborating_users[0]?.image_medium_url).toMatch(/^\/media\//);
    expect(row?.pin_thumbnail_urls).toHaveLength(1);
    expect(row?.image_cover_url).toMatch(/236x\.jpg$/);
    expect(row?.last_saved_at).not.toBeNull();
    const shared = result.data.all_boards.find((board) => board.id === friendsShared.id);
    expect(shared).toMatchObject({
      owner: { id: friend.id, full_name: 'Fran Friend' },
      board_access: ['read', 'write'],
      last_saved_at: null,
      image_cover_url: null,
      pin_thumbnail_urls: [],
    });
  });

  it('shortlists the most recent board, then the one relevant to the pin', async () => {
    const bookmarklet = await picker({ title: 'Best ramen recipes in Tokyo' }, me);
    // Cooking got the newest save (recent); Shared Recipes shares 'recipes' (relevant).
    expect(ids(bookmarklet.data.boards_shortlist)).toEqual([cooking.id, friendsShared.id]);
    const pin = await f.pin({ board: friendsPublic, title: 'Travel tips for Lisbon' });
    const fromPin = await picker({ pin_id: pin.id }, me);
    expect(ids(fromPin.data.boards_shortlist)).toEqual([cooking.id, travel.id]);
    const none = await picker({ shortlist_suggestions: 0 }, me);
    expect(none.data.boards_shortlist).toEqual([]);
  });

  it('answers PIN_NOT_FOUND for a pin the viewer cannot see', async () => {
    const secretPin = await f.pin({ board: secretMine, title: 'hidden' });
    const result = await picker({ pin_id: secretPin.id }, stranger);
    expect(result.code).toBe(CODES.PIN_NOT_FOUND.code);
  });

  it('pages all_boards with a bookmark, capped, shortlist on the first page only', async () => {
    const first = await picker({ page_size: 2 }, me);
    expect(first.data.all_boards).toHaveLength(2);
    expect(first.bookmark).toBeDefined();
    const second = await picker({ page_size: 2, bookmark: first.bookmark }, me);
    expect(second.data.boards_shortlist).toEqual([]);
    const third = await picker({ page_size: 2, bookmark: second.bookmark }, me);
    expect(third.bookmark).toBeUndefined();
    expect(
      new Set([
        ...ids(first.data.all_boards),
        ...ids(second.data.all_boards),
        ...ids(third.data.all_boards),
      ]).size,
    ).toBe(5);
    const capped = await picker({ page_size: 100_000 }, me);
    expect(capped.status).toBe(200);
    expect(capped.data.all_boards.length).toBeLessThanOrEqual(BOARD_PICKER_MAX_PAGE_SIZE);
    const bad = await picker({ bookmark: 'nonsense!' }, me);
    expect(bad.code).toBe(CODES.INVALID_BOOKMARK.code);
  });

  it('filters protected boards for an advertiser acting for itself', async () => {
    const result = await picker(
      { filter: 'protected', advertiser_id: businessAdvertiser },
      business,
    );
    expect(ids(result.data.all_boards)).toEqual([campaign.id]);
    const mine = await picker({ filter: 'protected' }, me);
    expect(mine.data.all_boards).toEqual([]);
    const notAllowed = await picker({ filter: 'protected', advertiser_id: businessAdvertiser }, me);
    expect(notAllowed.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
  });

  it('lists only the viewer’s own boards whatever username or user_id says', async () => {
    const self = await picker({ username: 'PICKER_ME', user_id: me.id }, me);
    expect(self.status).toBe(200);
    const someoneElse = await picker({ username: 'picker_friend' }, me);
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.code).toBe(CODES.FORBIDDEN.code);
    const byId = await picker({ user_id: friend.id }, me);
    expect(byId.code).toBe(CODES.FORBIDDEN.code);
  });

  it('needs a signed-in person', async () => {
    const result = await picker({}, null);
    expect(result.status).toBe(401);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
  });
});

describe('BoardSectionsRepinResource get', () => {
  function sections(options: Record<string, unknown>, who: Who) {
    return test.client.resourceGet<PickerSectionItem[]>('BoardSectionsRepinResource', options, who);
  }

  it('lists the sections of a board the viewer can save to, in board order with previews', async () => {
    const later = await f.section(friendsShared, { title: 'Later', position: 2 });
    const first = await f.section(friendsShared, { title: 'First', position: 1 });
    await f.pin({ board: friendsShared, section: first });
    const result = await sections({ board_id: friendsShared.id }, me);
    expect(result.status).toBe(200);
    expect(ids(result.data)).toEqual([first.id, later.id]);
    expect(result.data[0]).toMatchObject({
      title: 'First',
      pin_count: 1,
      board_id: friendsShared.id,
    });
    expect(result.data[0]?.preview_pins[0]?.image_square_url).toMatch(/236x\.jpg$/);
    expect(result.data[0]?.preview_pins[0]?.image_square_size_pixels).toEqual({
      width: 236,
      height: 354,
    });
  });

  it('pages sections', async () => {
    const many = await f.board(me, { name: 'Many sections' });
    for (let i = 0; i < 3; i += 1) await f.section(many);
    const first = await sections({ board_id: many.id, page_size: 2 }, me);
    expect(first.data).toHaveLength(2);
    const second = await sections(
      { board_id: many.id, page_size: 2, bookmark: first.bookmark },
      me,
    );
    expect(second.data).toHaveLength(1);
    expect(second.bookmark).toBeUndefined();
    const capped = await sections({ board_id: many.id, page_size: 100_000 }, me);
    expect(capped.data.length).toBeLessThanOrEqual(SECTION_PICKER_PAGE_SIZE);
  });

  it('refuses boards the viewer cannot save to', async () => {
    const invited = await sections({ board_id: friendsInvited.id }, me);
    expect(invited.code).toBe(CODES.BOARD_NOT_WRITABLE.code);
    const secret = await sections({ board_id: secretMine.id }, stranger);
    expect(secret.code).toBe(CODES.BOARD_NOT_FOUND.code);
    const visitor = await sections({ board_id: cooking.id }, null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
    const missing = await sections({}, me);
    expect(missing.code).toBe(CODES.VALIDATION_FAILED.code);
  });
});
