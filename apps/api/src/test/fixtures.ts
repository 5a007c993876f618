// Test data factory: rows inserted directly (no image files needed; variant keys are fake but
// well-formed). Counters are kept in step the way the write paths will keep them.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  BoardPrivacyColumn,
  Database,
  StoredVariant,
  StoredVariants,
} from '@corkboard/db/schema';
import { mediaKey } from '@corkboard/media/media-keys';
import type { ImageVariantSize } from '@corkboard/shared/layout';

export interface UserFixture {
  id: string;
  username: string;
}
export interface BoardFixture {
  id: string;
  slug: string;
  ownerId: string;
  privacy: BoardPrivacyColumn;
}
export interface SectionFixture {
  id: string;
  boardId: string;
  slug: string;
}
export interface PinFixture {
  id: string;
  boardId: string;
}

export interface Fixtures {
  user(overrides?: {
    username?: string;
    firstName?: string;
    lastName?: string;
    withAvatar?: boolean;
    isAdmin?: boolean;
  }): Promise<UserFixture>;
  image(): Promise<{ id: string; variants: StoredVariants }>;
  board(
    owner: UserFixture,
    overrides?: {
      name?: string;
      slug?: string;
      privacy?: BoardPrivacyColumn;
      description?: string;
    },
  ): Promise<BoardFixture>;
  section(
    board: BoardFixture,
    overrides?: { title?: string; slug?: string; position?: number },
  ): Promise<SectionFixture>;
  pin(options: {
    board: BoardFixture;
    pinner?: UserFixture | undefined;
    section?: SectionFixture | undefined;
    title?: string;
    description?: string;
    link?: string | null;
  }): Promise<PinFixture>;
  collaborator(
    board: BoardFixture,
    user: UserFixture,
    status: 'invited' | 'accepted',
  ): Promise<void>;
  /**
   * Makes `user` a business (account_type, business profile) with an ad account; answers the ad
   * account's id, the `advertiser_id` of acting for it (docs/decisions/101).
   */
  business(
    user: UserFixture,
    overrides?: { businessName?: string; country?: string },
  ): Promise<{ advertiserId: string }>;
}

// Module-wide so several factories over one database never reuse a username or slug.
let sequence = 0;
const next = (): number => ++sequence;

export function createFixtures(db: Kysely<Database>): Fixtures {
  const image: Fixtures['image'] = async () => {
    const n = next();
    const sha256 = createHash('sha256').update(`fixture-image-${n}-${Math.random()}`).digest('hex');
    const variant = (size: ImageVariantSize, width: number, height: number): StoredVariant => ({
      key: mediaKey(sha256, size, 'jpeg'),
      webp_key: mediaKey(sha256, size, 'webp'),
      width,
      height,
    });
    const variants: StoredVariants = {
      '170x': variant('170x', 170, 255),
      '236x': variant('236x', 236, 354),
      '474x': variant('474x', 474, 711),
      '736x': variant('736x', 736, 1104),
      orig: variant('orig', 1000, 1500),
    };
    const row = await db
      .insertInto('images')
      .values({
        sha256,
        width: 1000,
        height: 1500,
        dominant_color: '#aabbcc',
        variants: JSON.stringify(variants),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, variants };
  };

  return {
    image,

    async user(overrides = {}) {
      const n = next();
      const username = overrides.username ?? `user_${n}`;
      const avatar = overrides.withAvatar ? await image() : undefined;
      const row = await db
        .insertInto('users')
        .values({
          username,
          email: `${username.toLowerCase()}@example.test`,
          first_name: overrides.firstName ?? 'Test',
          last_name: overrides.lastName ?? `User ${n}`,
          avatar_image_id: avatar?.id ?? null,
          is_admin: overrides.isAdmin ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, username };
    },

    async board(owner, overrides = {}) {
      const n = next();
      const slug = overrides.slug ?? `board-${n}`;
      const privacy = overrides.privacy ?? 'public';
      const row = await db
        .insertInto('boards')
        .values({
          owner_id: owner.id,
          name: overrides.name ?? `Board ${n}`,
          slug,
          privacy,
          description: overrides.description ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('users')
        .set((eb) => ({ board_count: eb('board_count', '+', 1) }))
        .where('id', '=', owner.id)
        .execute();
      return { id: row.id, slug, ownerId: owner.id, privacy };
    },

    async section(board, overrides = {}) {
      const n = next();
      const slug = overrides.slug ?? `section-${n}`;
      const row = await db
        .insertInto('board_sections')
        .values({
          board_id: board.id,
          title: overrides.title ?? `Section ${n}`,
          slug,
          position: overrides.position ?? n,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('boards')
        .set((eb) => ({ section_count: eb('section_count', '+', 1) }))
        .where('id', '=', board.id)
        .execute();
      return { id: row.id, boardId: board.id, slug };
    },

    async pin(options) {
      const n = next();
      const img = await image();
      const pinnerId = options.pinner?.id ?? options.board.ownerId;
      const row = await db
        .insertInto('pins')
        .values({
          pinner_id: pinnerId,
          board_id: options.board.id,
          section_id: options.section?.id ?? null,
          image_id: img.id,
          title: options.title ?? `Pin ${n}`,
          description: options.description ?? '',
          link: options.link === undefined ? null : options.link,
          domain: options.link ? new URL(options.link).hostname : null,
          dominant_color: '#aabbcc',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('boards')
        .set((eb) => ({ pin_count: eb('pin_count', '+', 1) }))
        .where('id', '=', options.board.id)
        .execute();
      await db
        .updateTable('users')
        .set((eb) => ({ pin_count: eb('pin_count', '+', 1) }))
        .where('id', '=', pinnerId)
        .execute();
      if (options.section) {
        await db
          .updateTable('board_sections')
          .set((eb) => ({ pin_count: eb('pin_count', '+', 1) }))
          .where('id', '=', options.section.id)
          .execute();
      }
      return { id: row.id, boardId: options.board.id };
    },

    async collaborator(board, user, status) {
      await db
        .insertInto('board_collaborators')
        .values({
          board_id: board.id,
          user_id: user.id,
          invited_by_id: board.ownerId,
          status,
          accepted_at: status === 'accepted' ? new Date() : null,
        })
        .execute();
      if (status === 'accepted') {
        await db
          .updateTable('boards')
          .set((eb) => ({ collaborator_count: eb('collaborator_count', '+', 1) }))
          .where('id', '=', board.id)
          .execute();
      }
    },

    async business(user, overrides = {}) {
      const country = overrides.country ?? 'US';
      await db
        .updateTable('users')
        .set({ account_type: 'business' })
        .where('id', '=', user.id)
        .execute();
      await db
        .insertInto('business_profiles')
        .values({
          user_id: user.id,
          business_name: overrides.businessName ?? `${user.username} Co`,
          website_url: null,
          country,
          language: 'en',
          advertising_intent: 'products',
          created_by_id: user.id,
        })
        .execute();
      const account = await db
        .insertInto('ad_accounts')
        .values({
          profile_id: user.id,
          name: overrides.businessName ?? `${user.username} Co`,
          country,
          currency: 'USD',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { advertiserId: account.id };
    },
  };
}
