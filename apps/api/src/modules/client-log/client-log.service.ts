// The client's pin log, stored in pin_client_events instead of going to an outside log host:
// - the pin-create events (saving.md §7 "A logging image request … with client web, event
//   pin_create_success or pin_create_fail, pin_id, path (method) and the query"). Anyone may log
//   these (a save can fail for a visitor too); the viewer's id is kept when there is one.
// - the pin-saved dialog's render with its 'send' or 'promote' metric (§2.9; docs/decisions/013).
//   Only signed-in people see the dialog, so only they may log it (UNAUTHORIZED otherwise).
// - browser_extension_installed (§7 "POST of browser_extension_installed to the server log";
//   docs/decisions/061): the web saw the extension installed. Visitors too; kept in
//   browser_extension_events with the browser and the extension's version.
// Events older than the retention period are swept.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import {
  BROWSER_EXTENSION_INSTALLED_EVENT,
  PIN_SAVED_DIALOG_RENDER_EVENT,
  type clientLogEventSchema,
} from '@corkboard/shared/saving/api';
import { requireViewer } from '../../core/viewer.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  deleteClientEventsBefore,
  deleteExtensionEventsBefore,
  insertClientEvent,
  insertExtensionEvent,
} from './client-log.repository.ts';

/** Not in the spec: how long pin-create events are kept (a quarter covers trend questions). */
export const PIN_CLIENT_EVENT_RETENTION_MS = 90 * 24 * 60 * 60_000;

export async function recordClientEvent(
  db: Kysely<Database>,
  viewer: Viewer | null,
  event: z.output<typeof clientLogEventSchema>,
  now: Date,
): Promise<null> {
  if (event.event === PIN_SAVED_DIALOG_RENDER_EVENT) {
    const signedIn = requireViewer(viewer);
    await insertClientEvent(db, {
      user_id: signedIn.id,
      event: event.event,
      pin_id: event.pin_id,
      metric: event.metric,
      created_at: now,
    });
    return null;
  }
  if (event.event === BROWSER_EXTENSION_INSTALLED_EVENT) {
    await insertExtensionEvent(db, {
      user_id: viewer?.id ?? null,
      event: event.event,
      browser: event.browser,
      extension_version: event.version ?? null,
      created_at: now,
    });
    return null;
  }
  await insertClientEvent(db, {
    user_id: viewer?.id ?? null,
    event: event.event,
    pin_id: event.pin_id ?? null,
    path: event.path ?? null,
    guid: event.guid ?? null,
    error_code: event.error_code ?? null,
    query: JSON.stringify(event.query ?? {}),
    created_at: now,
  });
  return null;
}

export async function purgeOldClientEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PIN_CLIENT_EVENT_RETENTION_MS);
  return (
    (await deleteClientEventsBefore(db, before)) + (await deleteExtensionEventsBefore(db, before))
  );
}
