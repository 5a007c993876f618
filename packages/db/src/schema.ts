// Kysely table types. Keep in step with migrations/ (which are frozen in time: a change to the
// schema is a new migration plus an edit here).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** bigint ids travel as strings (both drivers are configured so) to stay exact in JS. */
type Id = ColumnType<string, string | number | undefined, string | number>;
type IdRef = ColumnType<string, string | number, string | number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;

export type BoardPrivacyColumn = 'public' | 'secret' | 'protected';

/** One stored variant of an image (see packages/media). Keys are storage keys, not URLs. */
export interface StoredVariant {
  key: string;
  webp_key: string;
  width: number;
  height: number;
}
export type StoredVariants = Record<'236x' | '474x' | '736x' | 'orig', StoredVariant>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  first_name: string;
  last_name: string;
  about: ColumnType<string, string | undefined, string>;
  avatar_image_id: IdRef | null;
  country: string | null;
  locale: ColumnType<string, string | undefined, string>;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  account_type: ColumnType<'personal' | 'business', 'personal' | 'business' | undefined, 'personal' | 'business'>;
  board_count: Counter;
  pin_count: Counter;
  follower_count: Counter;
  following_count: Counter;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ImagesTable {
  id: Generated<string>;
  /** sha256 of the original bytes: one stored copy however often an image is saved. */
  sha256: string;
  width: number;
  height: number;
  dominant_color: string;
  variants: ColumnType<StoredVariants, string, string>;
  created_at: CreatedAt;
}

export interface BoardsTable {
  id: Generated<string>;
  owner_id: IdRef;
  name: string;
  slug: string;
  description: ColumnType<string, string | undefined, string>;
  privacy: ColumnType<BoardPrivacyColumn, BoardPrivacyColumn | undefined, BoardPrivacyColumn>;
  cover_pin_id: IdRef | null;
  pin_count: Counter;
  section_count: Counter;
  follower_count: Counter;
  collaborator_count: Counter;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BoardSectionsTable {
  id: Generated<string>;
  board_id: IdRef;
  title: string;
  slug: string;
  position: Counter;
  pin_count: Counter;
  created_at: CreatedAt;
}

export interface PinsTable {
  id: Generated<string>;
  pinner_id: IdRef;
  board_id: IdRef;
  section_id: IdRef | null;
  image_id: IdRef;
  title: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  link: string | null;
  domain: string | null;
  dominant_color: string;
  repin_of_id: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BoardCollaboratorsTable {
  board_id: IdRef;
  user_id: IdRef;
  invited_by_id: IdRef;
  status: ColumnType<'invited' | 'accepted', 'invited' | 'accepted' | undefined, 'invited' | 'accepted'>;
  created_at: CreatedAt;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UserFollowsTable {
  follower_id: IdRef;
  followee_id: IdRef;
  created_at: CreatedAt;
}

export interface BoardFollowsTable {
  user_id: IdRef;
  board_id: IdRef;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  images: ImagesTable;
  boards: BoardsTable;
  board_sections: BoardSectionsTable;
  pins: PinsTable;
  board_collaborators: BoardCollaboratorsTable;
  user_follows: UserFollowsTable;
  board_follows: BoardFollowsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ImageRow = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type BoardRow = Selectable<BoardsTable>;
export type NewBoard = Insertable<BoardsTable>;
export type BoardSectionRow = Selectable<BoardSectionsTable>;
export type NewBoardSection = Insertable<BoardSectionsTable>;
export type PinRow = Selectable<PinsTable>;
export type NewPin = Insertable<PinsTable>;
