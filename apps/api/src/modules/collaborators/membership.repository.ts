// Board membership queries for board edit (docs/decisions/125): the collaborators and invited
// people of a board, and removing one. `db` may be a transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';

export interface MemberRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  status: 'invited' | 'accepted';
  created_at: Date;
  accepted_at: Date | null;
}

/**
 * The board's collaborators (accepted first, by when they joined, then invitations, oldest
 * first); `withInvited` false leaves the invitations out. Paged by offset.
 */
export async function listMembers(
  db: Kysely<Database>,
  boardId: string,
  options: { withInvited: boolean; offset: number; limit: number },
): Promise<MemberRow[]> {
  let query = db
    .selectFrom('board_collaborators as bc')
    .innerJoin('users as u', 'u.id', 'bc.user_id')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'ua.variants as avatar_variants',
      'bc.status',
      'bc.created_at',
      'bc.accepted_at',
    ])
    .where('bc.board_id', '=', boardId)
    .where('u.deactivated_at', 'is', null);
  if (!options.withInvited) query = query.where('bc.status', '=', 'accepted');
  return query
    .orderBy(sql`bc.status = 'accepted'`, 'desc')
    .orderBy(sql`coalesce(bc.accepted_at, bc.created_at)`)
    .orderBy('u.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

/**
 * Ends a membership (or withdraws an invitation): the row goes, the collaborator count follows,
 * the person's own state of the board (archive, place on their profile) goes, and on a secret
 * board their follow goes too (a secret board is never followed by someone who cannot see it).
 */
export async function removeMember(
  db: Kysely<Database>,
  board: { id: string; privacy: string },
  userId: string,
  wasAccepted: boolean,
): Promise<void> {
  await db
    .deleteFrom('board_collaborators')
    .where('board_id', '=', board.id)
    .where('user_id', '=', userId)
    .execute();
  if (!wasAccepted) return;
  await db
    .updateTable('boards')
    .set((eb) => ({
      collaborator_count: sql<number>`greatest(${eb.ref('collaborator_count')} - 1, 0)`,
    }))
    .where('id', '=', board.id)
    .execute();
  await db
    .deleteFrom('board_member_states')
    .where('board_id', '=', board.id)
    .where('user_id', '=', userId)
    .execute();
  if (board.privacy === 'secret') {
    await db
      .deleteFrom('board_follows')
      .where('board_id', '=', board.id)
      .where('user_id', '=', userId)
      .execute();
    await db
      .updateTable('boards')
      .set({
        follower_count: sql<number>`(SELECT count(*)::int FROM board_follows f WHERE f.board_id = boards.id)`,
      })
      .where('id', '=', board.id)
      .execute();
  }
}
