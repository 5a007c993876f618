// People as most answers show them (serializeUserSummary: name fields and avatar), from one
// base query: `users as u` with the avatar `images as ua`. Callers add their where clauses and
// any further columns.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** Aliases: u users, ua the avatar image. Selects id, username, names, avatar_variants. */
export function userSummaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'ua.variants as avatar_variants',
    ]);
}
