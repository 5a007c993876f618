// BoardResource create and get: the shared name rule with its codes, duplicate names, slugs,
// privacy (protected only for advertisers, never secret for them), board_count, visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { BOARD_NAME_MAX_LENGTH } from '@corkboard/shared/saving/board-name';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let me: UserFixture;
let other: UserFixture;
let business: UserFixture;
/** The business's ad account: what `advertiser_id` names (docs/decisions/101). */
let businessAdvertiser: string;

function create(options: Record<string, unknown>, who: Who) {
  return test.client.resourceCreate<PickerBoardItem>('BoardResource', options, who);
}

async function boardCount(userId: string): Promise<{ stored: number; actual: number }> {
  const user = await handle.db
    .selectFrom('users')
    .select('board_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const actual = await handle.db
    .selectFrom('boards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { stored: user.board_count, actual: Number(actual.n) };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  me = await f.user({ username: 'board_maker' });
  other = await f.user();
  business = await f.user({ username: 'board_business' });
  businessAdvertiser = (await f.business(business)).advertiserId;
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('BoardResource create', () => {
  it('creates a public board with a slug and counts it', async () => {
    const result = await create(
      { name: '  Places   to Go ', description: 'Someday', aux_data: { source: 'board_picker' } },
      me,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      name: 'Places to Go',
      slug: 'places-to-go',
      url: '/board_maker/places-to-go/',
      privacy: 'public',
      description: 'Someday',
      owner: { id: me.id },
      board_access: ['read', 'write'],
      pin_count: 0,
      section_count: 0,
      collaborating_users: [],
      is_collaborative: false,
    });
    const counts = await boardCount(me.id);
    expect(counts.stored).toBe(counts.actual);
  });

  it('creates a secret board', async () => {
    const result = await create({ name: 'Surprise', privacy: 'secret' }, me);
    expect(result.data.privacy).toBe('secret');
    const seen = await test.client.resourceGet(
      'BoardResource',
      { board_id: result.data.id },
      other,
    );
    expect(seen.code).toBe(CODES.BOARD_NOT_FOUND.code);
  });

  it('needs a name: BOARD_NAME_REQUIRED with the form sentence', async () => {
    for (const name of [undefined, '', '   ']) {
      const result = await create(name === undefined ? {} : { name }, me);
      expect(result.status).toBe(400);
      expect(result.code).toBe(CODES.BOARD_NAME_REQUIRED.code);
      expect(result.detail).toBe("Don't forget to name your board!");
    }
  });

  it('allows 50 characters, not 51: BOARD_NAME_TOO_LONG', async () => {
    const ok = await create({ name: 'a'.repeat(BOARD_NAME_MAX_LENGTH) }, me);
    expect(ok.status).toBe(200);
    const tooLong = await create({ name: 'b'.repeat(BOARD_NAME_MAX_LENGTH + 1) }, me);
    expect(tooLong.code).toBe(CODES.BOARD_NAME_TOO_LONG.code);
    expect(tooLong.detail).toBe('Please enter no more than 50 characters.');
  });

  it('refuses a name the owner already uses, ignoring case: BOARD_NAME_TAKEN', async () => {
    await create({ name: 'Recipes' }, me);
    const before = await boardCount(me.id);
    const again = await create({ name: 'RECIPES' }, me);
    expect(again.status).toBe(409);
    expect(again.code).toBe(CODES.BOARD_NAME_TAKEN.code);
    expect(await boardCount(me.id)).toEqual(before);
    // Another person may use it.
    const theirs = await create({ name: 'Recipes' }, other);
    expect(theirs.status).toBe(200);
    expect(theirs.data.slug).toBe('recipes');
  });

  it('makes slugs unique per owner and avoids reserved ones', async () => {
    const first = await create({ name: 'Café' }, me);
    const second = await create({ name: 'Cafe!' }, me);
    expect(first.data.slug).toBe('cafe');
    expect(second.data.slug).toBe('cafe-2');
    const reserved = await create({ name: 'Followers' }, me);
    expect(reserved.data.slug).toBe('followers-2');
    const script = await create({ name: '料理' }, me);
    expect(script.data.slug).toBe('board');
  });

  it('refuses protected for a normal owner: BOARD_PRIVACY_NOT_ALLOWED', async () => {
    const result = await create({ name: 'Sneaky', privacy: 'protected' }, me);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.BOARD_PRIVACY_NOT_ALLOWED.code);
    const unknown = await create({ name: 'Odd', privacy: 'everyone' }, me);
    expect(unknown.code).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('makes advertiser boards protected, never secret', async () => {
    const result = await create(
      { name: 'Spring campaign', advertiser_id: businessAdvertiser },
      business,
    );
    expect(result.data.privacy).toBe('protected');
    const explicit = await create(
      { name: 'Summer campaign', privacy: 'protected', advertiser_id: businessAdvertiser },
      business,
    );
    expect(explicit.data.privacy).toBe('protected');
    const secret = await create(
      { name: 'Hidden campaign', privacy: 'secret', advertiser_id: businessAdvertiser },
      business,
    );
    expect(secret.code).toBe(CODES.BOARD_PRIVACY_NOT_ALLOWED.code);
    const notMine = await create({ name: 'Not mine', advertiser_id: businessAdvertiser }, me);
    expect(notMine.status).toBe(403);
    expect(notMine.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
  });

  it('creates a board with its first sections in one go (decision 012)', async () => {
    const result = await create(
      { name: 'Kitchen ideas', section_names: [' Lighting ', 'Café'] },
      me,
    );
    expect(result.status).toBe(200);
    expect(result.data.section_count).toBe(2);
    const sections = await handle.db
      .selectFrom('board_sections')
      .select(['title', 'slug', 'position'])
      .where('board_id', '=', result.data.id)
      .orderBy('position')
      .execute();
    expect(sections).toEqual([
      { title: 'Lighting', slug: 'lighting', position: 1 },
      { title: 'Café', slug: 'cafe', position: 2 },
    ]);
  });

  it('refuses bad first sections with the section codes and leaves nothing', async () => {
    const before = await boardCount(me.id);
    const cases: Array<[unknown, number, number]> = [
      [['  '], CODES.SECTION_NAME_REQUIRED.code, 400],
      [['x'.repeat(51)], CODES.SECTION_NAME_TOO_LONG.code, 400],
      [['Lighting', 'LIGHTING'], CODES.SECTION_NAME_TAKEN.code, 409],
      [Array.from({ length: 11 }, (_, i) => `Part ${i}`), CODES.VALIDATION_FAILED.code, 400],
      ['Lighting', CODES.VALIDATION_FAILED.code, 400],
    ];
    for (const [sectionNames, code, status] of cases) {
      const result = await create({ name: 'Never made', section_names: sectionNames }, me);
      expect(result.code).toBe(code);
      expect(result.status).toBe(status);
    }
    expect(await boardCount(me.id)).toEqual(before);
    const left = await handle.db
      .selectFrom('boards')
      .select('id')
      .where('name', '=', 'Never made')
      .execute();
    expect(left).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    const result = await create({ name: 'Anything' }, null);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
  });
});

describe('BoardResource get', () => {
  it('answers a visible board with the viewer’s access, visitors included', async () => {
    const board = await f.board(me, { name: 'Open' });
    await f.collaborator(board, other, 'accepted');
    const asOwner = await test.client.resourceGet<PickerBoardItem>(
      'BoardResource',
      { board_id: board.id, field_set_key: 'pin_count' },
      me,
    );
    expect(asOwner.data.board_access).toEqual(['read', 'write']);
    const asCollaborator = await test.client.resourceGet<PickerBoardItem>(
      'BoardResource',
      { board_id: board.id },
      other,
    );
    expect(asCollaborator.data.board_access).toEqual(['read', 'write']);
    const stranger = await f.user();
    const asStranger = await test.client.resourceGet<PickerBoardItem>(
      'BoardResource',
      { board_id: board.id },
      stranger,
    );
    expect(asStranger.data.board_access).toEqual(['read']);
    const asVisitor = await test.client.resourceGet<PickerBoardItem>(
      'BoardResource',
      { board_id: board.id },
      null,
    );
    expect(asVisitor.data).toMatchObject({ board_access: ['read'], last_saved_at: null });
  });

  it('hides a secret board from everyone but owner and accepted collaborators', async () => {
    const secret = await f.board(me, { name: 'Closed', privacy: 'secret' });
    const collaborator = await f.user();
    const invited = await f.user();
    await f.collaborator(secret, collaborator, 'accepted');
    await f.collaborator(secret, invited, 'invited');
    for (const [who, visible] of [
      [me, true],
      [collaborator, true],
      [invited, false],
      [other, false],
      [null, false],
    ] as const) {
      const result = await test.client.resourceGet('BoardResource', { board_id: secret.id }, who);
      expect(result.code, `viewer ${who?.id ?? 'visitor'}`).toBe(
        visible ? 0 : CODES.BOARD_NOT_FOUND.code,
      );
    }
  });
});
