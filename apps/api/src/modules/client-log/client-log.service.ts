// The client's pin log, stored in pin_client_events instead of going to an outside log host:
// - the pin-create events (saving.md §7 "A logging image request … with client web, event
//   pin_create_success or pin_create_fail, pin_id, path (method) and the query"). Anyone may log
//   these (a save can fail for a visitor too); the viewer's id is kept when there is one.
// - the pin-saved dialog's render with its 'send' or 'promote' metric (§2.9; docs/decisions/013).
//   Only signed-in people see the dialog, so only they may log it (UNAUTHORIZED otherwise).
// Events older than the retention period are swept.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { clientLogEventSchema, PIN_SAVED_DIALOG_RENDER_EVENT } from '@corkboard/shared/saving/api';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireViewer } from '../../core/board-access.ts';
import { parseSavingInput } from '../../core/input-errors.ts';

/** Not in the spec: how long pin-create events are kept (a quarter covers trend questions). */
export const PIN_CLIENT_EVENT_RETENTION_MS = 90 * 24 * 60 * 60_000;

export async function recordClientEvent(
  db: Kysely<Database>,
  viewer: Viewer | null,
  body: unknown,
  now: Date,
): Promise<null> {
  const event = parseSavingInput(clientLogEventSchema, body, { location: 'body' });
  if (event.event === PIN_SAVED_DIALOG_RENDER_EVENT) {
    const signedIn = requireViewer(viewer);
    await db
      .insertInto('pin_client_events')
      .values({
        user_id: signedIn.id,
        event: event.event,
        pin_id: event.pin_id,
        metric: event.metric,
        created_at: now,
      })
      .execute();
    return null;
  }
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
