// The one fact the operator check needs (admin.ts).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** Whether the person is an active operator; a deactivated or suspended operator is not. */
export async function isActiveAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_admin', '=', true)
    .where('deactivated_at', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
