// The client's pin-create log (saving.md §7 "A logging image request … with client web, event
// pin_create_success or pin_create_fail, pin_id, path (method) and the query"): stored in
// pin_client_events instead of going to an outside log host. Anyone may log (a save can fail for a
// visitor too); the viewer's id is kept when there is one. Events older than the retention period
// are swept.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { clientLogEventSchema } from '@corkboard/shared/saving/api';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { parseSavingInput } from '../saving/saving-errors.ts';

/** Not in the spec: how long pin-create events are kept (a quarter covers trend questions). */
export const PIN_CLIENT_EVENT_RETENTION_MS = 90 * 24 * 60 * 60_000;

export async function recordClientEvent(
  db: Kysely<Database>,
  viewer: Viewer | null,
  body: unknown,
  now: Date,
): Promise<null> {
  const event = parseSavingInput(clientLogEventSchema, body, { location: 'body' });
  await db
    .insertInto('pin_client_events')
    .values({
      user_id: viewer?.id ?? null,
      event: event.event,
      pin_id: event.pin_id ?? null,
      path: event.path ?? null,
      guid: event.guid ?? null,
      error_code: event.error_code ?? null,
      query: JSON.stringify(event.query ?? {}),
      created_at: now,
    })
    .execute();
  return null;
}

export async function purgeOldClientEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('pin_client_events')
    .where('created_at', '<', new Date(now.getTime() - PIN_CLIENT_EVENT_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
