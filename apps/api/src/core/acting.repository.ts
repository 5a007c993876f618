// The one fact acting for an advertiser needs (acting.ts): the viewer's account type.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export async function findAccountType(
  db: Kysely<Database>,
  userId: string,
): Promise<'personal' | 'business' | undefined> {
  const row = await db
    .selectFrom('users')
    .select('account_type')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.account_type;
}
