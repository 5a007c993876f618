// Test data factory: rows inserted directly (no image files needed; variant keys are fake but
// well-formed). Counters are kept in step the way the write paths will keep them. The advertiser
// fixture is the exception: its business is created through the API, as a person creates one.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  BoardPrivacyColumn,
  Database,
  StoredVariant,
  StoredVariants,
} from '@corkboard/db/schema';
import { mediaKey } from '@corkboard/media/media-keys';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import type { ImageVariantSize } from '@corkboard/shared/layout';
import type { ApiClient } from './api-client.ts';

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

/** The members an advertiser fixture has besides its owner: one person per permission. */
export const ADVERTISER_MEMBER_PERMISSIONS = [
  'ADMIN',
  'CAMPAIGN_MANAGER',
  'ANALYST',
  'FINANCE_MANAGER',
  'AUDIENCE_MANAGER',
] as const satisfies readonly BusinessPermission[];

export interface AdvertiserFixture {
  /** Created the business (POST /v3/business/create/): OWNER of its profile. */
  owner: UserFixture;
  /** Signed in, no access to this advertiser. */
  stranger: UserFixture;
  advertiserId: string;
  /** The linked business profile (a user of its own) the ad account belongs to. */
  profileId: string;
  /** One member per ADVERTISER_MEMBER_PERMISSIONS entry, holding only that permission. */
  members: Map<BusinessPermission, UserFixture>;
  /** Quick-promotes a new pin of the owner's (its own board) with §3's defaults; 200 or throws. */
  promote(title: string, link?: string): Promise<QuickPromoteResult>;
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
  /**
   * An advertiser as the console tests need it: `{prefix}_owner` creates the business through
   * the API (`businessName`, US, English), then one member per permission
   * (`{prefix}_{permission}`) and a stranger (`{prefix}_stranger`).
   */
  advertiser(
    client: ApiClient,
    options: { prefix: string; businessName: string },
  ): Promise<AdvertiserFixture>;
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

  const fixtures: Fixtures = {
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

    async advertiser(client, { prefix, businessName }) {
      const owner = await fixtures.user({ username: `${prefix}_owner` });
      const stranger = await fixtures.user({ username: `${prefix}_stranger` });
      const created = await client.send<BusinessCreated>(
        'POST',
        '/v3/business/create/',
        {
          business_name: businessName,
          country: 'US',
          language: 'en',
          advertising_intent: 'products',
        },
        owner,
      );
      if (created.status !== 200) {
        throw new Error(`business create answered ${created.status}: ${created.detail ?? ''}`);
      }
      const advertiserId = created.data.advertiser_id;
      const profileId = created.data.profile.id;
      const members = new Map<BusinessPermission, UserFixture>();
      for (const permission of ADVERTISER_MEMBER_PERMISSIONS) {
        const member = await fixtures.user({ username: `${prefix}_${permission.toLowerCase()}` });
        await db
          .insertInto('business_members')
          .values({ profile_id: profileId, user_id: member.id, permissions: [permission] })
          .execute();
        members.set(permission, member);
      }
      const promote = async (title: string, link = 'https://maras.test/tart') => {
        const promoted = await fixtures.pin({
          board: await fixtures.board(owner, { name: `${title} board` }),
          title,
          link,
        });
        const values = defaultQuickPromoteValues({
          advertiserId,
          country: 'US',
          pinTitle: title,
          pinLink: link,
        });
        const answer = await client.send<QuickPromoteResult>(
          'POST',
          `/ads/v4/advertisers/${advertiserId}/pins/${promoted.id}/quick_promote/`,
          quickPromotePayload(values, promoted.id, 'US'),
          owner,
        );
        if (answer.status !== 200) {
          throw new Error(`quick promote answered ${answer.status}: ${answer.detail ?? ''}`);
        }
        return answer.data;
      };
      return { owner, stranger, advertiserId, profileId, members, promote };
    },
  };
  return fixtures;
}
