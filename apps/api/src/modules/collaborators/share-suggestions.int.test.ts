// ShareSuggestionsResource and ShareSuggestionsTypeaheadResource: people the viewer follows or has
// collaborated with, filtered by a typed prefix, the typed-e-mail row, a cap, and nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { SHARE_SUGGESTIONS_MAX } from './collaborators.schemas.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let me: UserFixture;
let followed: UserFixture;
let boardPartner: UserFixture;
let hostOwner: UserFixture;
let fellow: UserFixture;
let stranger: UserFixture;
let invitedOnly: UserFixture;
let gone: UserFixture;
let myBoard: BoardFixture;

function suggestions(options: Record<string, unknown>, who: Who) {
  return test.client.resourceGet<ShareSuggestionItem[]>('ShareSuggestionsResource', options, who);
}

function typeahead(options: Record<string, unknown>, who: Who) {
  return test.client.resourceGet<ShareSuggestionItem[]>(
    'ShareSuggestionsTypeaheadResource',
    options,
    who,
  );
}

function ids(items: ShareSuggestionItem[]): string[] {
  return items.filter((item) => item.type !== 'email').map((item) => item.id);
}

async function follow(follower: UserFixture, followee: UserFixture): Promise<void> {
  await handle.db
    .insertInto('user_follows')
    .values({ follower_id: follower.id, followee_id: followee.id })
    .execute();
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  me = await f.user({ username: 'share_me' });
  followed = await f.user({
    username: 'annie_bakes',
    firstName: 'Annie',
    lastName: 'Baker',
    withAvatar: true,
  });
  boardPartner = await f.user({ username: 'bob_partner', firstName: 'Robert', lastName: 'Stone' });
  hostOwner = await f.user({ username: 'carla_host', firstName: 'Carla', lastName: 'Host' });
  fellow = await f.user({ username: 'dora_fellow', firstName: 'Dora', lastName: 'Fellow' });
  stranger = await f.user({ username: 'annabel_stranger', firstName: 'Annabel' });
  invitedOnly = await f.user({ username: 'eve_invited', firstName: 'Eve' });
  gone = await f.user({ username: 'annika_gone', firstName: 'Annika' });
  await handle.db
    .updateTable('users')
    .set({ deactivated_at: new Date() })
    .where('id', '=', gone.id)
    .execute();

  await follow(me, followed);
  await follow(me, gone);
  await follow(stranger, me); // following me does not put them in my circle
  myBoard = await f.board(me, { name: 'Mine' });
  await f.collaborator(myBoard, boardPartner, 'accepted');
  await f.collaborator(myBoard, invitedOnly, 'invited');
  const hosted = await f.board(hostOwner, { name: 'Hosted' });
  await f.collaborator(hosted, me, 'accepted');
  await f.collaborator(hosted, fellow, 'accepted');
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('ShareSuggestionsResource get', () => {
  it('lists the viewer’s circle: followed people and collaboration partners on every side', async () => {
    const result = await suggestions({}, me);
    expect(result.status).toBe(200);
    expect(new Set(ids(result.data))).toEqual(
      new Set([followed.id, boardPartner.id, hostOwner.id, fellow.id]),
    );
    expect(result.data.every((item) => item.type === 'user_share_suggestion')).toBe(true);
    const annie = result.data.find((item) => item.id === followed.id);
    expect(annie).toMatchObject({
      username: 'annie_bakes',
      full_name: 'Annie Baker',
      title: 'Annie Baker',
      valid: true,
    });
    expect(annie?.image_medium_url).toMatch(/236x\.jpg$/);
    expect(annie?.image_large_url).toMatch(/474x\.jpg$/);
  });

  it('filters by a prefix of username, first, last or full name', async () => {
    expect(ids((await suggestions({ query: 'ann' }, me)).data)).toEqual([followed.id]);
    expect(ids((await suggestions({ query: 'STONE' }, me)).data)).toEqual([boardPartner.id]);
    expect(ids((await suggestions({ query: 'carla h' }, me)).data)).toEqual([hostOwner.id]);
    expect(ids((await suggestions({ query: 'nnie' }, me)).data)).toEqual([]);
    expect(ids((await suggestions({ query: '%' }, me)).data)).toEqual([]);
  });

  it('leaves out people already on (or invited to) the board being shared', async () => {
    const result = await suggestions({ board_id: myBoard.id }, me);
    expect(ids(result.data)).not.toContain(boardPartner.id);
    expect(ids(result.data)).toContain(followed.id);
    const secret = await f.board(stranger, { name: 'Not yours', privacy: 'secret' });
    const hidden = await suggestions({ board_id: secret.id }, me);
    expect(hidden.code).toBe(CODES.BOARD_NOT_FOUND.code);
  });

  it('caps the list', async () => {
    const busy = await f.user();
    for (let i = 0; i < SHARE_SUGGESTIONS_MAX + 2; i += 1) await follow(busy, await f.user());
    const result = await suggestions({}, busy);
    expect(result.data).toHaveLength(SHARE_SUGGESTIONS_MAX);
    const smaller = await suggestions({ page_size: 3 }, busy);
    expect(smaller.data).toHaveLength(3);
  });

  it('needs a signed-in person', async () => {
    const result = await suggestions({}, null);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
  });
});

describe('ShareSuggestionsTypeaheadResource get', () => {
  it('puts the typed e-mail first (valid or not), then matching people', async () => {
    const typing = await typeahead({ term: 'annie' }, me);
    expect(typing.data[0]).toEqual({ type: 'email', id: 'annie', title: 'annie', valid: false });
    expect(ids(typing.data)).toEqual([followed.id]);
    expect(typing.data[1]?.type).toBe('user');

    const address = await typeahead({ term: ' Annie@Example.org ' }, me);
    expect(address.data).toEqual([
      { type: 'email', id: 'Annie@Example.org', title: 'Annie@Example.org', valid: true },
    ]);
    const partial = await typeahead({ query: 'annie@exa' }, me);
    expect(partial.data).toEqual([
      { type: 'email', id: 'annie@exa', title: 'annie@exa', valid: false },
    ]);
  });

  it('never reveals whether an address belongs to an account', async () => {
    const email = `${stranger.username.toLowerCase()}@example.test`;
    const result = await typeahead({ term: email }, me);
    expect(result.data).toEqual([{ type: 'email', id: email, title: email, valid: true }]);
  });

  it('needs a signed-in person', async () => {
    const result = await typeahead({ term: 'a' }, null);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
  });
});
