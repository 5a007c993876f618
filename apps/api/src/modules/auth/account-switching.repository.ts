// Account switching (ADR 161): the people behind the sessions a browser holds, as the switcher
// shows them. All SQL of the switcher lives here.
import type { Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';

export interface SwitcherRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  image_url: string | null;
  avatar_variants: StoredVariants | null;
  account_type: 'personal' | 'business';
  business_created_by_id: string | null;
  deactivated_at: Date | null;
  suspended_at: Date | null;
  soft_banned_at: Date | null;
}

/** The switcher's people, by id (at most MAX_SWITCH_ACCOUNTS ids; order is the caller's). */
export async function findSwitcherRows(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<SwitcherRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .leftJoin('business_profiles as bp', 'bp.user_id', 'u.id')
    .where('u.id', 'in', ids)
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.image_url',
      'ua.variants as avatar_variants',
      'u.account_type',
      'bp.created_by_id as business_created_by_id',
      'u.deactivated_at',
      'u.suspended_at',
      'u.soft_banned_at',
    ])
    .execute();
}
