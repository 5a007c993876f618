// One pin's edit and delete (PinResource update and delete; issue 10; docs/decisions/057): the
// access matrix (owner, collaborator, invited, other, visitor), CSRF, validation codes in the
// envelope, moves between boards and sections with counters right, hashtags re-parsed, and a
// delete that removes the image files nothing else uses — after the commit, leaving no orphan.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { PinDetail } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

function edit(options: unknown, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.resourceWrite<PinDetail>('PinResource', 'update', options, who, headers);
}

function remove(options: unknown, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.resourceWrite<{ id: string }>('PinResource', 'delete', options, who, headers);
}

/** A CSRF header that does not match the cookie. */
const BAD_CSRF = { 'x-csrftoken': 'not-the-token' };

async function pinRow(pin: PinFixture) {
  return handle.db
    .selectFrom('pins')
    .select(['board_id', 'section_id', 'title', 'description', 'link', 'domain', 'alt_text'])
    .where('id', '=', pin.id)
    .executeTakeFirst();
}

async function snapshot() {
  const pins = await handle.db.selectFrom('pins').selectAll().orderBy('id').execute();
  const boards = await handle.db
    .selectFrom('boards')
    .select(['id', 'pin_count', 'cover_pin_id'])
    .orderBy('id')
    .execute();
  const images = await handle.db.selectFrom('images').select('id').orderBy('id').execute();
  return { pins, boards, images };
}

/** Counters that no longer equal the rows they count. */
async function drift(): Promise<string[]> {
  const result = await sql<{ what: string }>`
    SELECT 'board ' || id AS what FROM boards b
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.board_id = b.id)
    UNION ALL
    SELECT 'section ' || id FROM board_sections s
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.section_id = s.id)
    UNION ALL
    SELECT 'user ' || id FROM users u
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.pinner_id = u.id)`.execute(handle.db);
  return result.rows.map((row) => row.what);
}

interface World {
  owner: UserFixture;
  board: BoardFixture;
  other: BoardFixture;
  pin: PinFixture;
  sectionId: string;
}

async function world(): Promise<World> {
  const owner = await f.user();
  const board = await f.board(owner);
  const other = await f.board(owner);
  const section = await f.section(other, { title: 'Lamps' });
  const pin = await f.pin({ board, title: 'Old title', link: 'https://old.example.com/a' });
  return { owner, board, other, pin, sectionId: section.id };
}

describe('PinResource update', () => {
  it('changes only the fields given, re-parses hashtags and answers the pin', async () => {
    const w = await world();
    const result = await edit(
      {
        id: w.pin.id,
        title: '  Brass lamp  ',
        description: 'A lamp for the #hallway',
        alt_text: 'A brass lamp on a table',
        link: 'https://www.Lamps.example.org/brass',
      },
      w.owner,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      id: w.pin.id,
      title: 'Brass lamp',
      description: 'A lamp for the #hallway',
      alt_text: 'A brass lamp on a table',
      link: 'https://www.Lamps.example.org/brass',
      domain: 'lamps.example.org',
      board_access: ['read', 'write'],
    });
    const tags = await handle.db
      .selectFrom('pin_hashtags as ph')
      .innerJoin('hashtags as h', 'h.id', 'ph.hashtag_id')
      .select('h.tag')
      .where('ph.pin_id', '=', w.pin.id)
      .execute();
    expect(tags.map((row) => row.tag)).toEqual(['hallway']);

    // Only the title: the rest stays; '' removes the link.
    await edit({ id: w.pin.id, title: 'Lamp' }, w.owner);
    expect(await pinRow(w.pin)).toMatchObject({
      title: 'Lamp',
      alt_text: 'A brass lamp on a table',
      link: 'https://www.Lamps.example.org/brass',
    });
    await edit({ id: w.pin.id, link: '' }, w.owner);
    expect(await pinRow(w.pin)).toMatchObject({ link: null, domain: null });
  });

  it('moves the pin to another board and section, and out of the section, counters right', async () => {
    const w = await world();
    const moved = await edit(
      { id: w.pin.id, board_id: w.other.id, section_id: w.sectionId },
      w.owner,
    );
    expect(moved.status).toBe(200);
    expect(moved.data?.board.id).toBe(w.other.id);
    expect(moved.data?.section?.id).toBe(w.sectionId);
    expect(await drift()).toEqual([]);
    await edit({ id: w.pin.id, section_id: null }, w.owner);
    expect(await pinRow(w.pin)).toMatchObject({ board_id: w.other.id, section_id: null });
    expect(await drift()).toEqual([]);
    const claims = await handle.db.selectFrom('board_actions').selectAll().execute();
    expect(claims).toEqual([]);
  });

  it('answers the validation codes in the envelope and changes nothing', async () => {
    const w = await world();
    const before = await snapshot();
    const badLink = await edit({ id: w.pin.id, link: 'javascript:alert(1)' }, w.owner);
    expect(badLink.status).toBe(400);
    expect(badLink.code).toBe(CODES.URL_INVALID.code);
    const longTitle = await edit({ id: w.pin.id, title: 'x'.repeat(101) }, w.owner);
    expect(longTitle.code).toBe(CODES.VALIDATION_FAILED.code);
    const longAlt = await edit({ id: w.pin.id, alt_text: 'x'.repeat(501) }, w.owner);
    expect(longAlt.code).toBe(CODES.VALIDATION_FAILED.code);
    const badId = await edit({ id: 'abc' }, w.owner);
    expect(badId.code).toBe(CODES.VALIDATION_FAILED.code);
    // A section of another board.
    const wrongSection = await edit({ id: w.pin.id, section_id: w.sectionId }, w.owner);
    expect(wrongSection.code).toBe(CODES.SECTION_NOT_FOUND.code);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the owner and accepted collaborators edit; refuses everyone else and changes nothing', async () => {
    const w = await world();
    const collaborator = await f.user();
    await f.collaborator(w.board, collaborator, 'accepted');
    const invited = await f.user();
    await f.collaborator(w.board, invited, 'invited');
    const other = await f.user();
    const secret = await f.board(w.owner, { privacy: 'secret' });
    const secretPin = await f.pin({ board: secret });

    const before = await snapshot();
    for (const [who, options, code] of [
      [null, { id: w.pin.id, title: 'x' }, CODES.UNAUTHORIZED.code],
      [other, { id: w.pin.id, title: 'x' }, CODES.PIN_NOT_EDITABLE.code],
      [invited, { id: w.pin.id, title: 'x' }, CODES.PIN_NOT_EDITABLE.code],
      // A secret board's pin is not there at all for someone who cannot see the board.
      [other, { id: secretPin.id, title: 'x' }, CODES.PIN_NOT_FOUND.code],
      [w.owner, { id: '999999999', title: 'x' }, CODES.PIN_NOT_FOUND.code],
      // The collaborator may not move the pin to a board they cannot write.
      [collaborator, { id: w.pin.id, board_id: w.other.id }, CODES.PIN_NOT_EDITABLE.code],
    ] as const) {
      expect((await edit(options, who)).code).toBe(code);
    }
    expect((await edit({ id: w.pin.id, title: 'x' }, w.owner, BAD_CSRF)).code).toBe(
      CODES.CSRF_FAILED.code,
    );
    expect(await snapshot()).toEqual(before);

    const allowed = await edit({ id: w.pin.id, title: 'By a collaborator' }, collaborator);
    expect(allowed.status).toBe(200);
    expect((await pinRow(w.pin))?.title).toBe('By a collaborator');
  });

  it('a move waits for a running board action (2171) and changes nothing', async () => {
    const w = await world();
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: w.other.id,
        kind: 'move',
        token: 'running',
        user_id: w.owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const before = await snapshot();
    const result = await edit({ id: w.pin.id, board_id: w.other.id }, w.owner);
    expect(result.code).toBe(CODES.BOARD_MOVE_IN_PROGRESS.code);
    const body = result.response.json<{ resource_response: { error: { message: string } } }>();
    expect(body.resource_response.error.message).toBe(
      'Please wait until the previous board action finishes.',
    );
    expect(await snapshot()).toEqual(before);
    await handle.db.deleteFrom('board_actions').execute();
  });
});

/** Real files for an image's variants, so the test can see them go. */
async function storeFiles(imageId: string): Promise<string[]> {
  const row = await handle.db
    .selectFrom('images')
    .select('variants')
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  const keys = Object.values(row.variants).flatMap((variant) => [variant.key, variant.webp_key]);
  for (const key of keys) await test.storage.put(key, Buffer.from('bytes'), 'image/jpeg');
  return keys;
}

async function imageOf(pin: PinFixture): Promise<string> {
  const row = await handle.db
    .selectFrom('pins')
    .select('image_id')
    .where('id', '=', pin.id)
    .executeTakeFirstOrThrow();
  return row.image_id;
}

describe('PinResource delete', () => {
  it('deletes the pin, its image row and its files when nothing else uses them', async () => {
    const w = await world();
    const imageId = await imageOf(w.pin);
    const keys = await storeFiles(imageId);
    const result = await remove({ id: w.pin.id }, w.owner);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ id: w.pin.id });
    expect(await pinRow(w.pin)).toBeUndefined();
    const image = await handle.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', imageId)
      .executeTakeFirst();
    expect(image).toBeUndefined();
    for (const key of keys) expect(await test.storage.exists(key)).toBe(false);
    expect(await drift()).toEqual([]);
    expect((await test.client.get(`/v3/pins/${w.pin.id}/`, w.owner)).code).toBe(
      CODES.PIN_NOT_FOUND.code,
    );
  });

  it('keeps an image another pin still uses, files included', async () => {
    const w = await world();
    const imageId = await imageOf(w.pin);
    const keys = await storeFiles(imageId);
    const twin = await f.pin({ board: w.other });
    await handle.db
      .updateTable('pins')
      .set({ image_id: imageId })
      .where('id', '=', twin.id)
      .execute();
    expect((await remove({ id: w.pin.id }, w.owner)).status).toBe(200);
    for (const key of keys) expect(await test.storage.exists(key)).toBe(true);
    expect(
      await handle.db
        .selectFrom('images')
        .select('id')
        .where('id', '=', imageId)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('refuses visitors, other people, invited collaborators and a bad CSRF header, deleting nothing', async () => {
    const w = await world();
    const invited = await f.user();
    await f.collaborator(w.board, invited, 'invited');
    const other = await f.user();
    const before = await snapshot();
    expect((await remove({ id: w.pin.id }, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect((await remove({ id: w.pin.id }, other)).code).toBe(CODES.PIN_NOT_EDITABLE.code);
    expect((await remove({ id: w.pin.id }, invited)).code).toBe(CODES.PIN_NOT_EDITABLE.code);
    expect((await remove({ id: w.pin.id }, w.owner, BAD_CSRF)).code).toBe(CODES.CSRF_FAILED.code);
    expect((await remove({}, w.owner)).code).toBe(CODES.VALIDATION_FAILED.code);
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: w.board.id,
        kind: 'move',
        token: 'busy',
        user_id: w.owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expect((await remove({ id: w.pin.id }, w.owner)).code).toBe(CODES.BOARD_MOVE_IN_PROGRESS.code);
    await handle.db.deleteFrom('board_actions').execute();
    expect(await snapshot()).toEqual(before);

    const collaborator = await f.user();
    await f.collaborator(w.board, collaborator, 'accepted');
    expect((await remove({ id: w.pin.id }, collaborator)).status).toBe(200);
  });

  it('tells the viewer whether they may edit in the pin answer', async () => {
    const w = await world();
    const other = await f.user();
    expect(
      (await test.client.get<PinDetail>(`/v3/pins/${w.pin.id}/`, w.owner)).data?.board_access,
    ).toEqual(['read', 'write']);
    expect(
      (await test.client.get<PinDetail>(`/v3/pins/${w.pin.id}/`, other)).data?.board_access,
    ).toEqual(['read']);
    expect(
      (await test.client.get<PinDetail>(`/v3/pins/${w.pin.id}/`, null)).data?.board_access,
    ).toEqual(['read']);
  });
});
