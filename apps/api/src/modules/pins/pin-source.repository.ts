// A pin as a source for saving: its image and text, found only when the viewer may see it (a pin
// on a secret board is PIN_NOT_FOUND to everyone but the owner and accepted collaborators).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';

export interface PinSourceRow {
  id: string;
  board_id: string;
  image_id: string;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  dominant_color: string;
}

export async function findVisiblePinSource(
  db: Kysely<Database>,
  viewer: Viewer | null,
  pinId: string,
): Promise<PinSourceRow | undefined> {
  return db
    .selectFrom('pins as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .select([
      'p.id',
      'p.board_id',
      'p.image_id',
      'p.title',
      'p.description',
      'p.link',
      'p.domain',
      'p.dominant_color',
    ])
    .where('p.id', '=', pinId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}
