// hashtags and pin_hashtags (docs/decisions/060): a pin's tags replaced in the caller's
// transaction, and the typeahead's prefix lookup. hashtags.pin_count follows pin_hashtags by
// trigger (migration 2026-11-23T13-00-hashtags).
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { discoverableBoards } from '../../core/visibility.repository.ts';

/** Makes `tags` (normal forms, in order) the pin's tags. `db` should be the save's transaction. */
export async function replacePinHashtags(
  db: Kysely<Database>,
  pinId: string,
  tags: readonly string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('pin_hashtags').where('pin_id', '=', pinId).execute();
  if (tags.length === 0) return;
  // DO UPDATE (a no-op) rather than DO NOTHING: RETURNING then names existing tags too.
  const rows = await db
    .insertInto('hashtags')
    .values(tags.map((tag) => ({ tag, created_at: now })))
    .onConflict((conflict) =>
      conflict.column('tag').doUpdateSet({ tag: (eb) => eb.ref('excluded.tag') }),
    )
    .returning(['id', 'tag'])
    .execute();
  const idOf = new Map(rows.map((row) => [row.tag, row.id]));
  await db
    .insertInto('pin_hashtags')
    .values(
      tags.flatMap((tag, position) => {
        const hashtagId = idOf.get(tag);
        return hashtagId === undefined
          ? []
          : [{ pin_id: pinId, hashtag_id: hashtagId, position, created_at: now }];
      }),
    )
    .execute();
}

/** The tags of a pin, in description order (normal forms). */
export async function listPinHashtags(db: Kysely<Database>, pinId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pin_hashtags as ph')
    .innerJoin('hashtags as h', 'h.id', 'ph.hashtag_id')
    .select('h.tag')
    .where('ph.pin_id', '=', pinId)
    .orderBy('ph.position')
    .execute();
  return rows.map((row) => row.tag);
}

export interface HashtagSuggestionRow {
  tag: string;
  /** Pins carrying the tag on boards anyone may discover (public boards). */
  pin_count: number;
}

/** LIKE's own characters in a prefix, escaped (a tag may contain '_'). */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Tags starting with `prefix`, for the typeahead: the exact tag first, then by the number of
 * discoverable pins carrying them, then alphabetically; a tag no discoverable pin carries is
 * never suggested (a tag used only on secret boards would tell what is on them). `candidates`
 * bounds the tags whose pins are counted: the most used ones by their stored (all-pins) count.
 */
export async function suggestHashtags(
  db: Kysely<Database>,
  prefix: string,
  limit: number,
  candidates: number,
): Promise<HashtagSuggestionRow[]> {
  const exact = sql<boolean>`h.tag = ${prefix}`;
  const candidateTags = db
    .selectFrom('hashtags')
    .select(['id', 'tag'])
    .where('tag', 'like', sql<string>`${likePrefix(prefix)} ESCAPE '\\'`)
    .where('pin_count', '>', 0)
    .orderBy(sql`tag = ${prefix}`, 'desc')
    .orderBy('pin_count', 'desc')
    .orderBy('tag')
    .limit(candidates)
    .as('h');
  const count = sql<string>`count(*)`;
  const rows = await db
    .selectFrom(candidateTags)
    .innerJoin('pin_hashtags as ph', 'ph.hashtag_id', 'h.id')
    .innerJoin('pins as p', 'p.id', 'ph.pin_id')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .where(discoverableBoards())
    .select(['h.tag', count.as('pin_count')])
    .groupBy(['h.id', 'h.tag'])
    .orderBy(exact, 'desc')
    .orderBy(count, 'desc')
    .orderBy('h.tag')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ tag: row.tag, pin_count: Number(row.pin_count) }));
}
