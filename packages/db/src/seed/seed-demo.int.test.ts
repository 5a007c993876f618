// Seeds real (PGlite or PostgreSQL) databases with a smaller pin count; the 300-pin plan itself
// is checked in demo-plan.test.ts, which needs no images. The pictures go to an in-memory image
// store standing in for the API's (apps/api/src/modules/media/image-files.ts, tested there): the
// database package knows nothing of storage.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.ts';
import type { StoredImage } from '../images-repository.ts';
import { createTestDb } from '../testing.ts';
import {
  DEMO_SECRET_BOARD,
  seedDemo,
  seedIfEmpty,
  type DemoImageStore,
  type SeedSummary,
} from './seed-demo.ts';
import { DEMO_ADMIN_USERNAME } from './demo-content.ts';

const PIN_COUNT = 40;

let first: DbHandle;
let second: DbHandle;
let firstStorage: MemoryImageStore;
let summary: SeedSummary;
let seededSecond: boolean;

/** Records the keys it "stores"; the facts of each picture come from its bytes. */
class MemoryImageStore implements DemoImageStore {
  readonly keys = new Set<string>();
  store(upload: Buffer): Promise<StoredImage> {
    const sha256 = createHash('sha256').update(upload).digest('hex');
    const variant = (size: string) => {
      const key = `pins/${sha256.slice(0, 2)}/${sha256}/${size}.jpg`;
      const webpKey = `pins/${sha256.slice(0, 2)}/${sha256}/${size}.webp`;
      this.keys.add(key);
      this.keys.add(webpKey);
      return { key, webp_key: webpKey, width: 236, height: 236 };
    };
    return Promise.resolve({
      sha256,
      width: 320,
      height: 320,
      dominantColor: `#${sha256.slice(0, 6)}`,
      variants: {
        '170x': variant('170x'),
        '236x': variant('236x'),
        '474x': variant('474x'),
        '736x': variant('736x'),
        orig: variant('orig'),
      },
    });
  }
  exists(key: string): Promise<boolean> {
    return Promise.resolve(this.keys.has(key));
  }
}

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDb(), createTestDb()]);
  firstStorage = new MemoryImageStore();
  summary = await seedDemo(first.db, firstStorage, { pinCount: PIN_COUNT });
  seededSecond = await seedIfEmpty(second.db, new MemoryImageStore(), undefined, {
    pinCount: PIN_COUNT,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

async function count(
  handle: DbHandle,
  table: 'users' | 'boards' | 'board_sections' | 'pins' | 'images',
): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seedDemo', () => {
  it('writes people, boards, sections and exactly the asked-for pins', async () => {
    expect(await count(first, 'users')).toBeGreaterThanOrEqual(4);
    expect(await count(first, 'boards')).toBeGreaterThanOrEqual(15);
    expect(await count(first, 'board_sections')).toBeGreaterThan(0);
    expect(await count(first, 'pins')).toBe(PIN_COUNT);
    expect(summary).toMatchObject({
      pins: PIN_COUNT,
      users: await count(first, 'users'),
      boards: await count(first, 'boards'),
    });
  });

  it('has exactly one secret board: DEMO_SECRET_BOARD', async () => {
    const secret = await first.db
      .selectFrom('boards')
      .innerJoin('users', 'users.id', 'boards.owner_id')
      .select(['users.username', 'boards.slug'])
      .where('boards.privacy', '=', 'secret')
      .execute();
    expect(secret).toEqual([DEMO_SECRET_BOARD]);
  });

  it('gives every user an avatar and every pin a stored image', async () => {
    const missingAvatar = await first.db
      .selectFrom('users')
      .select('id')
      .where('avatar_image_id', 'is', null)
      .execute();
    expect(missingAvatar).toEqual([]);
    const images = await first.db.selectFrom('images').select(['variants', 'sha256']).execute();
    expect(images.length).toBe(PIN_COUNT + (await count(first, 'users')));
    for (const image of images) {
      for (const variant of Object.values(image.variants)) {
        expect(await firstStorage.exists(variant.key)).toBe(true);
        expect(await firstStorage.exists(variant.webp_key)).toBe(true);
      }
    }
    const pinColours = await first.db
      .selectFrom('pins')
      .innerJoin('images', 'images.id', 'pins.image_id')
      .select(['pins.dominant_color', 'images.dominant_color as image_color'])
      .execute();
    for (const row of pinColours) {
      expect(row.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(row.dominant_color).toBe(row.image_color);
    }
  });

  it('keeps every counter equal to the rows it counts', async () => {
    const users = await sql<{ username: string; drift: boolean }>`
      SELECT username,
        board_count <> (SELECT count(*) FROM boards b WHERE b.owner_id = u.id)
        OR pin_count <> (SELECT count(*) FROM pins p WHERE p.pinner_id = u.id)
        OR follower_count <> (SELECT count(*) FROM user_follows f WHERE f.followee_id = u.id)
        OR following_count <> (SELECT count(*) FROM user_follows f WHERE f.follower_id = u.id) AS drift
      FROM users u`.execute(first.db);
    expect(users.rows.filter((row) => row.drift)).toEqual([]);

    const boards = await sql<{ slug: string; drift: boolean }>`
      SELECT slug,
        pin_count <> (SELECT count(*) FROM pins p WHERE p.board_id = b.id)
        OR section_count <> (SELECT count(*) FROM board_sections s WHERE s.board_id = b.id)
        OR follower_count <> (SELECT count(*) FROM board_follows f WHERE f.board_id = b.id)
        OR collaborator_count <> (SELECT count(*) FROM board_collaborators c WHERE c.board_id = b.id AND c.status = 'accepted')
        OR cover_pin_id IS DISTINCT FROM (SELECT max(id) FROM pins p WHERE p.board_id = b.id) AS drift
      FROM boards b`.execute(first.db);
    expect(boards.rows.filter((row) => row.drift)).toEqual([]);

    const sections = await sql<{ slug: string; drift: boolean }>`
      SELECT slug, pin_count <> (SELECT count(*) FROM pins p WHERE p.section_id = s.id) AS drift
      FROM board_sections s`.execute(first.db);
    expect(sections.rows.filter((row) => row.drift)).toEqual([]);

    // The counters are not trivially zero.
    const totals = await sql<{ followers: string; collaborators: string; covers: string }>`
      SELECT (SELECT sum(follower_count) FROM users) AS followers,
             (SELECT sum(collaborator_count) FROM boards) AS collaborators,
             (SELECT count(cover_pin_id) FROM boards) AS covers`.execute(first.db);
    expect(Number(totals.rows[0]?.followers)).toBeGreaterThan(0);
    expect(Number(totals.rows[0]?.collaborators)).toBeGreaterThan(0);
    expect(Number(totals.rows[0]?.covers)).toBeGreaterThan(0);
  });

  it('makes exactly one demo person an operator', async () => {
    const operators = await first.db
      .selectFrom('users')
      .select('username')
      .where('is_admin', '=', true)
      .execute();
    expect(operators.map((row) => row.username)).toEqual([DEMO_ADMIN_USERNAME]);
  });

  it('adds the two demo search advisories, matched as the API matches them', async () => {
    const rows = await first.db
      .selectFrom('search_advisories')
      .select(['match_kind', 'match_key', 'like_pattern', 'severity', 'advisory_type'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        match_kind: 'pattern',
        match_key: '*self harm*',
        like_pattern: '%self harm%',
        severity: 1,
        advisory_type: 4,
      },
      {
        match_kind: 'term',
        match_key: 'graphic violence',
        like_pattern: null,
        severity: 0,
        advisory_type: 14,
      },
    ]);
  });

  it('gives link domains of seeded pins their official users', async () => {
    const rows = await first.db
      .selectFrom('verified_domains as vd')
      .innerJoin('users as u', 'u.id', 'vd.user_id')
      .select(['vd.domain', 'u.username'])
      .orderBy('vd.domain')
      .execute();
    expect(rows).toEqual([
      { domain: 'breadnotes.example', username: 'mara_cooks' },
      { domain: 'woodshop.example.org', username: 'ben_woodworks' },
    ]);
    // pins.domain and verified_domains.domain are written alike, so a plain join finds them.
    const linked = await first.db
      .selectFrom('pins as p')
      .innerJoin('verified_domains as vd', 'vd.domain', 'p.domain')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(linked.n)).toBeGreaterThan(0);
  });

  it('puts pins in sections only of their own board', async () => {
    const strays = await first.db
      .selectFrom('pins')
      .innerJoin('board_sections', 'board_sections.id', 'pins.section_id')
      .select('pins.id')
      .whereRef('board_sections.board_id', '<>', 'pins.board_id')
      .execute();
    expect(strays).toEqual([]);
  });

  it('numbers pins in time order', async () => {
    const pins = await first.db
      .selectFrom('pins')
      .select(['id', 'created_at'])
      .orderBy('id')
      .execute();
    const times = pins.map((pin) => pin.created_at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const ids = pins.map((pin) => BigInt(pin.id));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0n))).toBe(true);
  });

  it('is deterministic: two fresh databases get the same pins in the same order', async () => {
    const read = (handle: DbHandle) =>
      handle.db
        .selectFrom('pins')
        .innerJoin('images', 'images.id', 'pins.image_id')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .select([
          'pins.title',
          'pins.description',
          'pins.link',
          'pins.dominant_color',
          'pins.created_at',
          'images.sha256',
          'boards.slug',
        ])
        .orderBy('pins.id')
        .execute();
    const [a, b] = await Promise.all([read(first), read(second)]);
    expect(a).toHaveLength(PIN_COUNT);
    expect(b).toEqual(a);
  });
});

describe('seedIfEmpty', () => {
  it('seeds an empty database and then leaves it alone', async () => {
    expect(seededSecond).toBe(true);
    const before = await count(second, 'pins');
    expect(before).toBe(PIN_COUNT);
    expect(await seedIfEmpty(second.db, new MemoryImageStore())).toBe(false);
    expect(await count(second, 'pins')).toBe(before);
    expect(await count(second, 'users')).toBe(await count(first, 'users'));
  });
});
