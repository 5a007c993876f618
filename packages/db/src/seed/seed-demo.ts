// The demo seed: five people, their boards and sections, 300 pins with locally generated
// pictures, and the official users of two link domains. Run on first start (seedIfEmpty) and by the e2e harness.
import { availableParallelism } from 'node:os';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { imageValues, type StoredImage } from '../images-repository.ts';
import type { Database } from '../schema.ts';
import { demoAdvisoryRows } from './demo-advisories.ts';
import { avatarSvg, pinSvg } from './demo-art.ts';
import { AVATAR_SIZE, planDemo, type DemoPlan } from './demo-plan.ts';
import { DEMO_ADMIN_USERNAME, DEMO_BOARDS, DEMO_PRODUCT_SHOPS } from './demo-content.ts';

/** How many pins the demo has. */
export const DEMO_PIN_COUNT = 300;
/** The PRNG seed: change it and the whole demo (copy, pictures, times) changes. */
export const DEMO_SEED = 20_261_121;
/** Demo times are relative to this instant, not to now, so two seeds write identical rows. */
export const DEMO_EPOCH = new Date('2026-11-21T00:00:00.000Z');
/**
 * The demo's only secret board, owned by tomas_travels (a surprise trip he plans alone: no
 * collaborators, no followers). e2e tests use it to check that secret boards stay hidden.
 */
export const DEMO_SECRET_BOARD = {
  username: 'tomas_travels',
  slug: 'anniversary-trip-ideas',
} as const;

/**
 * Where the demo's pictures go. The database package knows nothing of object storage or the
 * media pipeline: the caller (the API's media module, apps/api/src/modules/media/image-files.ts)
 * processes each picture and writes its files, and answers what the `images` row records.
 */
export interface DemoImageStore {
  /** Takes in one picture (a JPEG "upload"); its files are in storage when this resolves. */
  store(upload: Buffer): Promise<StoredImage>;
}
/** Quality of the JPEG "uploads" the pipeline is fed, like a photo from a phone. */
const UPLOAD_JPEG_QUALITY = 90;
/** Rows per INSERT: well under Postgres's 65535 bind parameters. */
const INSERT_BATCH = 100;

export interface SeedOptions {
  /** Defaults to DEMO_PIN_COUNT; tests use fewer. */
  pinCount?: number;
  /** Defaults to DEMO_EPOCH. */
  epoch?: Date;
  /** Pictures processed at once; defaults to the core count, between 2 and 4. */
  concurrency?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  boards: number;
  sections: number;
  pins: number;
  images: number;
}

/** Seeds only an empty database (no users). Answers whether it seeded. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  images: DemoImageStore,
  log?: (message: string) => void,
  options: Omit<SeedOptions, 'log'> = {},
): Promise<boolean> {
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  await seedDemo(db, images, log ? { ...options, log } : options);
  // Give the planner real statistics for the freshly loaded tables (PGlite never autovacuums;
  // without them the feed plan joins every public pin before sorting).
  await sql`ANALYZE`.execute(db);
  return true;
}

/**
 * Writes the demo. Pictures go to storage first (content-addressed, so a crash leaves only
 * harmless files); every row is then written in one transaction, so the database holds either
 * the whole demo or none of it.
 */
export async function seedDemo(
  db: Kysely<Database>,
  imageStore: DemoImageStore,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const plan = planDemo(DEMO_SEED, options.epoch ?? DEMO_EPOCH, options.pinCount ?? DEMO_PIN_COUNT);

  const concurrency = options.concurrency ?? Math.min(4, Math.max(2, availableParallelism()));
  const pictures = [
    ...plan.users.map((user) => ({
      svg: avatarSvg(user.avatarPalette, user.avatarSeed, AVATAR_SIZE),
      createdAt: user.createdAt,
    })),
    ...plan.pins.map((pin) => ({ svg: pinSvg(pin.art), createdAt: pin.createdAt })),
  ];
  const images = await mapLimit(pictures, concurrency, async (picture) => {
    const upload = await sharp(Buffer.from(picture.svg))
      .jpeg({ quality: UPLOAD_JPEG_QUALITY })
      .toBuffer();
    return imageStore.store(upload);
  });
  log(`demo seed: ${images.length} images generated in ${seconds(started)}`);

  const avatars = images.slice(0, plan.users.length);
  const pinImages = images.slice(plan.users.length);
  const summary = await db
    .transaction()
    .execute((trx) => writeRows(trx, plan, pictures, images, avatars, pinImages));
  log(
    `demo seed: ${summary.users} users, ${summary.boards} boards, ${summary.pins} pins in ${seconds(started)}`,
  );
  return summary;
}

async function writeRows(
  trx: Kysely<Database>,
  plan: DemoPlan,
  pictures: { createdAt: Date }[],
  images: StoredImage[],
  avatars: StoredImage[],
  pinImages: StoredImage[],
): Promise<SeedSummary> {
  // Images: skip any sha256 already present (an earlier upload of the same bytes), then map
  // every sha256 to its id whichever way it got there.
  const imageRows = images.map((image, i) => ({
    ...imageValues(image),
    created_at: pictures[i]?.createdAt ?? new Date(),
  }));
  for (const batch of chunks(imageRows, INSERT_BATCH)) {
    await trx
      .insertInto('images')
      .values(batch)
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
  }
  const imageIds = new Map<string, string>();
  for (const batch of chunks([...new Set(images.map((image) => image.sha256))], INSERT_BATCH)) {
    const rows = await trx
      .selectFrom('images')
      .select(['id', 'sha256'])
      .where('sha256', 'in', batch)
      .execute();
    for (const row of rows) imageIds.set(row.sha256, row.id);
  }
  const imageId = (image: StoredImage | undefined): string => {
    const id = image && imageIds.get(image.sha256);
    if (!id) throw new Error('demo image row missing');
    return id;
  };

  const userRows = await trx
    .insertInto('users')
    .values(
      plan.users.map((user, i) => ({
        username: user.username,
        email: user.email,
        email_verified: true,
        first_name: user.firstName,
        last_name: user.lastName,
        about: user.about,
        country: user.country,
        locale: user.locale,
        avatar_image_id: imageId(avatars[i]),
        created_at: user.createdAt,
        updated_at: user.createdAt,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const userIds = new Map(userRows.map((row) => [row.username, row.id]));
  const userId = (username: string): string => {
    const id = userIds.get(username);
    if (!id) throw new Error(`demo user missing: ${username}`);
    return id;
  };

  const boardRows = await trx
    .insertInto('boards')
    .values(
      plan.boards.map((board) => ({
        owner_id: userId(board.owner),
        name: board.name,
        slug: board.slug,
        description: board.description,
        privacy: board.privacy,
        created_at: board.createdAt,
        updated_at: board.createdAt,
      })),
    )
    .returning(['id', 'owner_id', 'slug'])
    .execute();
  const boardIds = plan.boards.map((board) => {
    const row = boardRows.find(
      (candidate) => candidate.owner_id === userId(board.owner) && candidate.slug === board.slug,
    );
    if (!row) throw new Error(`demo board missing: ${board.slug}`);
    return row.id;
  });

  // Each demo board is filed under its theme's topic (docs/decisions/082): the first-run tour's
  // topics and the seeded home feed read these rows. The plan keeps DEMO_BOARDS' order.
  await trx
    .insertInto('board_topics')
    .values(
      plan.boards.map((_, index) => ({
        board_id: boardIds[index] ?? '',
        topic: DEMO_BOARDS[index]?.theme ?? '',
      })),
    )
    .execute();

  const sectionValues = plan.boards.flatMap((board, index) =>
    board.sections.map((section) => ({
      board_id: boardIds[index] ?? '',
      title: section.title,
      slug: section.slug,
      position: section.position,
      created_at: section.createdAt,
    })),
  );
  const sectionRows =
    sectionValues.length === 0
      ? []
      : await trx
          .insertInto('board_sections')
          .values(sectionValues)
          .returning(['id', 'board_id', 'slug'])
          .execute();
  const sectionId = (board: number, section: number | null): string | null => {
    if (section === null) return null;
    const slug = plan.boards[board]?.sections[section]?.slug;
    const row = sectionRows.find(
      (candidate) => candidate.board_id === boardIds[board] && candidate.slug === slug,
    );
    if (!row) throw new Error(`demo section missing: ${slug ?? section}`);
    return row.id;
  };

  const pinValues = plan.pins.map((pin, i) => ({
    pinner_id: userId(pin.pinner),
    board_id: boardIds[pin.board] ?? '',
    section_id: sectionId(pin.board, pin.section),
    image_id: imageId(pinImages[i]),
    title: pin.title,
    description: pin.description,
    link: pin.link,
    domain: pin.domain,
    dominant_color: pinImages[i]?.dominantColor ?? '#cccccc',
    created_at: pin.createdAt,
    updated_at: pin.createdAt,
  }));
  // In time order, batch after batch: identity ids therefore ascend with created_at.
  for (const batch of chunks(pinValues, INSERT_BATCH)) {
    await trx.insertInto('pins').values(batch).execute();
  }

  // Offers of the demo shops' pins: a price from the pin's place in the shop, one in five sold out.
  for (const [domain, currency, basePrice] of DEMO_PRODUCT_SHOPS) {
    const shopPins = await trx
      .selectFrom('pins')
      .select('id')
      .where('domain', '=', domain)
      .orderBy('id')
      .execute();
    if (shopPins.length === 0) continue;
    await trx
      .insertInto('pin_products')
      .values(
        shopPins.map((pin, index) => ({
          pin_id: pin.id,
          price: (basePrice + (index % 6) * 7.5).toFixed(2),
          currency,
          availability: index % 5 === 4 ? ('out_of_stock' as const) : ('in_stock' as const),
        })),
      )
      .execute();
  }

  if (plan.collaborations.length > 0) {
    await trx
      .insertInto('board_collaborators')
      .values(
        plan.collaborations.map((collaboration) => ({
          board_id: boardIds[collaboration.board] ?? '',
          user_id: userId(collaboration.collaborator),
          invited_by_id: userId(collaboration.invitedBy),
          status: collaboration.status,
          created_at: collaboration.createdAt,
          accepted_at: collaboration.acceptedAt,
        })),
      )
      .execute();
  }
  if (plan.userFollows.length > 0) {
    await trx
      .insertInto('user_follows')
      .values(
        plan.userFollows.map((follow) => ({
          follower_id: userId(follow.follower),
          followee_id: userId(follow.followee),
          created_at: follow.createdAt,
        })),
      )
      .execute();
  }
  if (plan.boardFollows.length > 0) {
    await trx
      .insertInto('board_follows')
      .values(
        plan.boardFollows.map((follow) => ({
          user_id: userId(follow.user),
          board_id: boardIds[follow.board] ?? '',
          created_at: follow.createdAt,
        })),
      )
      .execute();
  }

  if (plan.verifiedDomains.length > 0) {
    await trx
      .insertInto('verified_domains')
      .values(
        plan.verifiedDomains.map((verified) => ({
          domain: verified.domain,
          user_id: userId(verified.user),
          verified_at: verified.verifiedAt,
          created_at: verified.verifiedAt,
        })),
      )
      .execute();
  }

  // The demo's operator, so a newcomer can open the admin pages (docs/decisions/019).
  await trx
    .updateTable('users')
    .set({ is_admin: true })
    .where('id', '=', userId(DEMO_ADMIN_USERNAME))
    .execute();

  // Two search advisories so the results-page banner can be seen (docs/decisions/073).
  await trx
    .insertInto('search_advisories')
    .values(demoAdvisoryRows(userId(DEMO_ADMIN_USERNAME)))
    .execute();

  await recountDemoCounters(trx, [...userIds.values()], boardIds);

  return {
    users: userRows.length,
    boards: boardRows.length,
    sections: sectionRows.length,
    pins: pinValues.length,
    images: imageIds.size,
  };
}

/**
 * Denormalised counters, computed from the rows themselves so they cannot drift:
 * - users.board_count: boards owned (any privacy); pin_count: pins they saved (pinner);
 *   follower_count / following_count: user_follows in / out.
 * - boards.pin_count, section_count, follower_count (board_follows), collaborator_count
 *   (accepted only); cover_pin_id: the newest pin; updated_at: when a pin was last saved.
 * - board_sections.pin_count.
 */
async function recountDemoCounters(
  trx: Kysely<Database>,
  userIds: string[],
  boardIds: string[],
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      board_count: eb
        .selectFrom('boards')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('boards.owner_id', '=', 'users.id'),
      pin_count: eb
        .selectFrom('pins')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('pins.pinner_id', '=', 'users.id'),
      follower_count: eb
        .selectFrom('user_follows')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('user_follows.followee_id', '=', 'users.id'),
      following_count: eb
        .selectFrom('user_follows')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('user_follows.follower_id', '=', 'users.id'),
    }))
    .where('users.id', 'in', userIds)
    .execute();

  await trx
    .updateTable('boards')
    .set((eb) => ({
      pin_count: eb
        .selectFrom('pins')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('pins.board_id', '=', 'boards.id'),
      section_count: eb
        .selectFrom('board_sections')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('board_sections.board_id', '=', 'boards.id'),
      follower_count: eb
        .selectFrom('board_follows')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('board_follows.board_id', '=', 'boards.id'),
      collaborator_count: eb
        .selectFrom('board_collaborators')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('board_collaborators.board_id', '=', 'boards.id')
        .where('board_collaborators.status', '=', 'accepted'),
      cover_pin_id: eb
        .selectFrom('pins')
        .select((s) => s.fn.max('pins.id').as('id'))
        .whereRef('pins.board_id', '=', 'boards.id'),
      updated_at: eb.fn.coalesce(
        eb
          .selectFrom('pins')
          .select((s) => s.fn.max('pins.created_at').as('at'))
          .whereRef('pins.board_id', '=', 'boards.id'),
        eb.ref('boards.created_at'),
      ),
    }))
    .where('boards.id', 'in', boardIds)
    .execute();

  await trx
    .updateTable('board_sections')
    .set((eb) => ({
      pin_count: eb
        .selectFrom('pins')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('pins.section_id', '=', 'board_sections.id'),
    }))
    .where('board_sections.board_id', 'in', boardIds)
    .execute();
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the input order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
