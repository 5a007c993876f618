// pin_client_events (the client's pin log) and browser_extension_events (client-log.service.ts).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export async function insertClientEvent(
  db: Kysely<Database>,
  row: Insertable<Database['pin_client_events']>,
): Promise<void> {
  await db.insertInto('pin_client_events').values(row).execute();
}

/** Removes events created before `before`; answers how many went. */
export async function deleteClientEventsBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('pin_client_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertExtensionEvent(
  db: Kysely<Database>,
  row: Insertable<Database['browser_extension_events']>,
): Promise<void> {
  await db.insertInto('browser_extension_events').values(row).execute();
}

/** Removes extension events created before `before`; answers how many went. */
export async function deleteExtensionEventsBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('browser_extension_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
