// The health probe's one query.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** Resolves when the database answers; throws its error otherwise. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
