// The reads behind the picker's 'Top choices' (saving.md §2.4): only the boards pickShortlist can
// choose (see shortlistPool in board-picker.service.ts), found by SQL, never every board a person
// has. Every read keeps to boards the viewer can save to (owned or accepted collaborator).
//
// Recency is compared at millisecond precision, as boardRecency sees it (the drivers turn
// timestamps into JavaScript dates, dropping microseconds): two boards created in the same
// millisecond are tied, and pickShortlist breaks the tie by name.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { canWriteBoard } from '../../core/board-access.repository.ts';
import { lastSavedAt, privacyFilter } from './board-items.repository.ts';

export interface ShortlistBoardRow {
  id: string;
  name: string;
  created_at: Date;
  last_saved_at: Date | null;
}

export interface ShortlistNameRow {
  id: string;
  name: string;
}

type Filter = 'all' | 'protected';

/** Boards met by the first walk over a person's saves; each further walk meets 4 times more. */
const SAVES_WALK_FIRST_BATCH = 16;
const SAVES_WALK_MAX_BATCH = 1024;

/**
 * The boards the viewer can save to whose last save (the creation of their newest pin, by id)
 * is among the `k` latest, ties to the millisecond included.
 *
 * Walks the viewer's pins newest first (pins_pinner_created_idx), skipping the boards already
 * met, so each step meets a new board; each board met gets its last save looked up (not
 * necessarily the pin it was met by: the app's clock sets created_at, so time and id order can
 * differ). The walk stops once it is older than the `k`-th latest last save found, as every
 * board not met yet was saved to before that. Usually one walk of a few steps.
 *
 * Each step is a `LIMIT 1` read, so it follows the index whatever the planner knows: with a
 * larger LIMIT, a planner without statistics (PGlite never gathers them itself) reads and sorts
 * every pin the person ever saved.
 *
 * Three bounds keep a person with many saves on few boards (222,000 on 5 at 1M pins) from being
 * read in full: the walk stops as soon as every board the viewer can save to (in the filter) has
 * been met — one more step would look for a board that is not there through every older save;
 * a walk pauses once `k` writable boards are known, and from then on reads no save older than
 * the `k`-th latest last save (a board whose saves are all older cannot reach it), rather than
 * going on through every save to meet a board saved to long ago.
 */
async function recentlySavedBoardIds(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: Filter,
  k: number,
): Promise<string[]> {
  const seen: string[] = [];
  const found: { id: string; at: number }[] = [];
  let threshold: number | undefined;
  let cursor: string | undefined;
  let batch = SAVES_WALK_FIRST_BATCH;
  for (;;) {
    const met =
      seen.length === 0 ? sql`ARRAY[]::bigint[]` : sql`ARRAY[${sql.join(seen)}]::bigint[]`;
    const after =
      cursor === undefined
        ? sql``
        : sql` AND (p.created_at, p.id) < (SELECT c.created_at, c.id FROM pins c WHERE c.id = ${cursor})`;
    // Millisecond precision: a last save in the threshold's millisecond is at or after it.
    const since =
      threshold === undefined ? sql`` : sql` AND p.created_at >= ${new Date(threshold)}`;
    const isTarget = (alias: string) =>
      sql`(${sql.ref(`${alias}.board_id`)} IN (SELECT t.id FROM targets t))::int`;
    // `remaining`: boards the viewer can save to that the walk has not met yet. Every writable
    // board met so far is in `found` (shortlistBoardsByIds returns exactly those, each with a
    // save), so the count starts from the targets minus found.length.
    // `short`: writable boards still to meet before `k` are known (only while fewer are known);
    // the walk pauses there, so that the next walk is bounded by the threshold (`since`).
    const need = k - found.length;
    const { rows } = await sql<{
      id: string;
      board_id: string;
      created_at: Date;
      remaining: number;
      short: number;
    }>`
      WITH RECURSIVE
      targets AS (
        SELECT tb.id FROM boards tb WHERE tb.owner_id = ${viewer.id}${privacyFilter(filter, 'tb')}
        UNION
        SELECT tc.board_id FROM board_collaborators tc JOIN boards tcb ON tcb.id = tc.board_id
        WHERE tc.user_id = ${viewer.id} AND tc.status = 'accepted'${privacyFilter(filter, 'tcb')}
      ),
      walk (created_at, id, board_id, seen, n, remaining, short) AS (
        (SELECT p.created_at, p.id, p.board_id, ${met} || p.board_id, 1,
           (SELECT count(*) FROM targets)::int - ${found.length}::int - ${isTarget('p')},
           ${need}::int - ${isTarget('p')}
         FROM pins p
         WHERE p.pinner_id = ${viewer.id}${after}${since} AND p.board_id <> ALL (${met})
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT 1)
        UNION ALL
        SELECT x.created_at, x.id, x.board_id, w.seen || x.board_id, w.n + 1,
          w.remaining - ${isTarget('x')}, w.short - ${isTarget('x')}
        FROM walk w CROSS JOIN LATERAL (
          SELECT p.created_at, p.id, p.board_id FROM pins p
          WHERE p.pinner_id = ${viewer.id}
            AND (p.created_at, p.id) < (w.created_at, w.id)${since}
            AND p.board_id <> ALL (w.seen)
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT 1
        ) x
        WHERE w.n < ${batch} AND w.remaining > 0 AND (${need}::int <= 0 OR w.short > 0)
      )
      SELECT id, board_id, created_at, remaining, short FROM walk`.execute(db);
    seen.push(...rows.map((row) => row.board_id));
    if (rows.length > 0) {
      const boards = rows.map((row) => row.board_id);
      for (const row of await shortlistBoardsByIds(db, viewer, filter, boards)) {
        if (row.last_saved_at !== null) {
          found.push({ id: row.id, at: new Date(row.last_saved_at).getTime() });
        }
      }
      if (found.length >= k) {
        threshold = found.map((entry) => entry.at).sort((a, b) => b - a)[k - 1];
      }
    }
    const last = rows.at(-1);
    if (last === undefined || Number(last.remaining) <= 0) break;
    const paused = need > 0 && Number(last.short) <= 0;
    if (!paused && rows.length < batch) break;
    if (threshold !== undefined && last.created_at.getTime() < threshold) break;
    cursor = last.id;
    batch = Math.min(batch * 4, SAVES_WALK_MAX_BATCH);
  }
  return found
    .filter((entry) => threshold === undefined || entry.at >= threshold)
    .map((entry) => entry.id);
}

/**
 * The `size` most recent boards the viewer can save to, with every board tied with the last of
 * them (recency: the later of creation and the viewer's last save, to the millisecond).
 *
 * A board among the `size` most recent is among the `size` newest by creation or among the
 * `size` most recently saved to (recency is the later of the two). So the candidates are: owned
 * boards from the (owner, created) index down to the `size`-th creation time, accepted
 * collaborations likewise (each threshold cut to the millisecond so that millisecond ties come
 * along), and recentlySavedBoardIds. Only the candidates' recency is computed.
 */
export async function recentShortlistBoards(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: Filter,
  size: number,
): Promise<ShortlistBoardRow[]> {
  const k = Math.max(0, Math.trunc(size));
  if (k === 0) return [];
  const v = viewer.id;
  const saved = await recentlySavedBoardIds(db, viewer, filter, k);
  // Boards the walk found were checked to be writable (and protected when asked) as it went.
  const savedCandidates =
    saved.length === 0
      ? sql``
      : sql`
        UNION
        SELECT sb.id, sb.name, sb.created_at FROM boards sb
        WHERE sb.id IN (${sql.join(saved)})`;
  const result = await sql<ShortlistBoardRow>`
    WITH
      owned AS NOT MATERIALIZED (
        SELECT ob.id, ob.name, ob.created_at FROM boards ob
        WHERE ob.owner_id = ${v}${privacyFilter(filter, 'ob')}
      ),
      shared AS NOT MATERIALIZED (
        SELECT cb.id, cb.name, cb.created_at
        FROM board_collaborators cc JOIN boards cb ON cb.id = cc.board_id
        WHERE cc.user_id = ${v} AND cc.status = 'accepted'${privacyFilter(filter, 'cb')}
      ),
      -- UNION, not UNION ALL: a board listed twice would take two of the k places.
      candidates AS (
        SELECT id, name, created_at FROM owned WHERE created_at >= (
          SELECT coalesce(date_trunc('milliseconds', min(t.created_at)), '-infinity')
          FROM (SELECT created_at FROM owned ORDER BY created_at DESC LIMIT ${k}) t
        )
        UNION
        SELECT id, name, created_at FROM shared WHERE created_at >= (
          SELECT coalesce(date_trunc('milliseconds', min(t.created_at)), '-infinity')
          FROM (SELECT created_at FROM shared ORDER BY created_at DESC LIMIT ${k}) t
        )${savedCandidates}
      ),
      -- Materialised so that each candidate's last save is looked up once, not once per use.
      scored AS MATERIALIZED (
        SELECT c.id, c.name, c.created_at, ${lastSavedAt(v, 'c')} AS last_saved_at
        FROM candidates c
      )
    SELECT s.id, s.name, s.created_at, s.last_saved_at FROM scored s
    ORDER BY greatest(
      date_trunc('milliseconds', s.created_at),
      date_trunc('milliseconds', s.last_saved_at)
    ) DESC
    FETCH FIRST ${k} ROWS WITH TIES`.execute(db);
  return result.rows;
}

const ASCII_KEY = /^[a-z0-9'-]+$/;

/**
 * What a board name must contain for keywordsRelated to relate one of its keywords to `key` (a
 * folded pin keyword): the key itself when it has 3 letters (only equality relates it), else its
 * first 4 letters (equal, a longer word it prefixes, or a ≥ 4-letter word prefixing it).
 */
export function nameNeedle(key: string): string {
  return key.length <= 3 ? key : key.slice(0, 4);
}

/**
 * Id and name of every board the viewer can save to whose name may relate to one of `pinKeys`
 * (a superset of boardRelevance(name, pinKeys).matched > 0), newest first, at most `max`.
 *
 * An all-ASCII name folds (foldText) to its ASCII lower case, so it is a candidate only when that
 * contains a key's needle (a case-insensitive match); names with any other character are always
 * candidates (accents and other scripts are folded by the caller, in JavaScript, as everywhere
 * else). Assumes a UTF-8 database, where a non-ASCII character takes more than one byte.
 */
export async function keywordCandidateBoards(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: Filter,
  pinKeys: readonly string[],
  max: number,
): Promise<ShortlistNameRow[]> {
  const needles = [...new Set(pinKeys.map(nameNeedle))].filter((needle) => ASCII_KEY.test(needle));
  // In an ARE a backslash before a non-alphanumeric character means that character.
  const pattern = needles.map((needle) => needle.replace(/['-]/g, (char) => `\\${char}`)).join('|');
  const matches = (alias: string) => {
    const name = sql.ref(`${alias}.name`);
    const nonAscii = sql`octet_length(${name}) <> char_length(${name})`;
    if (pattern === '') return nonAscii;
    // ~* folds ASCII letters as the C locale does whatever the database locale (PostgreSQL's
    // regex code forces that, Turkish dotless i included), so it is foldText for ASCII names.
    return sql`(${nonAscii} OR ${name} ~* ${pattern})`;
  };
  const result = await sql<ShortlistNameRow>`
    SELECT ob.id, ob.name FROM boards ob
    WHERE ob.owner_id = ${viewer.id}${privacyFilter(filter, 'ob')} AND ${matches('ob')}
    UNION
    SELECT cb.id, cb.name FROM board_collaborators cc JOIN boards cb ON cb.id = cc.board_id
    WHERE cc.user_id = ${viewer.id} AND cc.status = 'accepted'${privacyFilter(filter, 'cb')}
      AND ${matches('cb')}
    ORDER BY id DESC
    LIMIT ${Math.max(0, Math.trunc(max))}`.execute(db);
  return result.rows;
}

/** Name and recency of the boards among `ids` the viewer can save to, any order. */
export async function shortlistBoardsByIds(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: Filter,
  ids: readonly string[],
): Promise<ShortlistBoardRow[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('boards as b')
    .select(['b.id', 'b.name', 'b.created_at', lastSavedAt(viewer.id, 'b').as('last_saved_at')])
    .where('b.id', 'in', [...ids])
    .where(canWriteBoard(viewer, 'b'));
  if (filter === 'protected') query = query.where('b.privacy', '=', 'protected');
  return query.execute();
}
