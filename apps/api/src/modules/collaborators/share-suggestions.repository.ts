// The create-board form's collaborator search (share-suggestions.service.ts): the viewer's circle
// (followed people and collaboration partners), filtered by a name prefix.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { escapeLike } from '../../core/db-errors.ts';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';

export interface CircleRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  image_url: string | null;
}

/** The viewer's circle: followed people and collaboration partners, excluding the viewer. */
function circle(viewerId: string) {
  return sql<string>`(
    SELECT f.followee_id FROM user_follows f WHERE f.follower_id = ${viewerId}
    UNION
    SELECT c.user_id FROM board_collaborators c JOIN boards cb ON cb.id = c.board_id
    WHERE cb.owner_id = ${viewerId} AND c.status = 'accepted'
    UNION
    SELECT cb.owner_id FROM board_collaborators c JOIN boards cb ON cb.id = c.board_id
    WHERE c.user_id = ${viewerId} AND c.status = 'accepted'
    UNION
    SELECT other.user_id FROM board_collaborators mine
    JOIN board_collaborators other ON other.board_id = mine.board_id
    WHERE mine.user_id = ${viewerId} AND mine.status = 'accepted' AND other.status = 'accepted'
  )`;
}

export async function findCircle(
  db: Kysely<Database>,
  viewerId: string,
  text: string | null,
  boardId: string | null,
  limit: number,
): Promise<CircleRow[]> {
  let query = userSummaryQuery(db)
    .select('u.image_url')
    .where(sql<boolean>`u.id IN ${circle(viewerId)}`)
    .where('u.id', '<>', viewerId)
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null);
  if (text !== null) {
    const prefix = `${escapeLike(text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(
        lower(u.username) LIKE ${prefix} OR lower(u.first_name) LIKE ${prefix}
        OR lower(u.last_name) LIKE ${prefix} OR lower(u.first_name || ' ' || u.last_name) LIKE ${prefix}
      )`,
    );
  }
  if (boardId !== null) {
    query = query.where(
      sql<boolean>`NOT EXISTS (
        SELECT 1 FROM board_collaborators already
        WHERE already.board_id = ${boardId} AND already.user_id = u.id
      )`,
    );
    query = query.where(
      sql<boolean>`u.id <> (SELECT ob.owner_id FROM boards ob WHERE ob.id = ${boardId})`,
    );
  }
  return query
    .orderBy(sql`lower(u.username)`)
    .limit(limit)
    .execute();
}
