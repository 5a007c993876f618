// Search SQL (docs/decisions/070-search-relevance.md). Every scope matches the folded, stemmed
// full-text document (pins.search_doc, boards.search_doc) and, for queries long enough, tolerates
// typos: pins by the query's words corrected against the title vocabulary and searched in the
// titles' full text (docs/decisions/200), boards by trigram word similarity of the folded name.
// Scores multiply the text match by a saves (or followers) boost and a freshness boost; ties go
// to the newest row.
//
// Secret boards never reach discovery scopes: pins, buyable pins and boards come from public
// boards only (discoverableBoards); "my" scopes see the viewer's own boards and the boards they
// collaborate on, exactly as visibleBoards allows.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, ProductAvailability, StoredVariants } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';
import {
  discoverableBoards,
  listedBoards,
  visibleBoards,
} from '../../core/visibility.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { boardRowsQuery } from '../boards/boards.service.ts';

/** How text match, saves and freshness combine (search.service.ts owns the values). */
export interface RankingWeights {
  /** Trigram word similarity counts this much of a full-text rank (a typo is a weaker match). */
  typoWeight: number;
  /** Multiplier per natural log of (1 + saves or followers). */
  popularityWeight: number;
  /** Extra weight of a brand-new row; halves after `freshnessDays`. */
  freshnessWeight: number;
  freshnessDays: number;
  /** Minimum trigram word similarity for a typo match (pg_trgm.word_similarity_threshold). */
  typoThreshold: number;
  /** A pins search corrects at most this many words of the query (docs/decisions/200). */
  typoMaxWords: number;
  /** Each corrected word stands for at most this many title words, the nearest first. */
  typoAlternativesPerWord: number;
}

export interface TextMatch {
  /** The query as typed (trimmed); folded and parsed in SQL. */
  query: string;
  /** Whether the query is long enough for trigram typo matching. */
  typos: boolean;
}

export type PinScopeRule =
  | { kind: 'discoverable' }
  | { kind: 'saved_by'; viewer: Viewer }
  | { kind: 'member_boards'; viewer: Viewer };

export interface PinSearch {
  match: TextMatch;
  rule: PinScopeRule;
  /** Only pins with a product offer (buyable_pins), optionally within a price range. */
  product: { priceMin: number | undefined; priceMax: number | undefined } | null;
  domains: string[];
  colors: string[];
  /** Only pins saved by this username (case-insensitive). */
  pinner: string | undefined;
  /** Pins shown first (when the scope may show them), whatever the query. */
  topPinIds: string[];
  /** How many pins each candidate leg (newest, most saved) contributes to ranking (ADR 193). */
  candidates: number;
  now: Date;
  offset: number;
  limit: number;
}

export interface SearchPinRow extends PinListRow {
  product_price: number | null;
  product_currency: string | null;
  product_availability: ProductAvailability | null;
}

/** The search transaction sets the typo threshold locally (it is a per-session setting). */
export async function withTypoThreshold<T>(
  db: Kysely<Database>,
  threshold: number,
  run: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`.execute(
      trx,
    );
    return run(trx);
  });
}

function tsQuery(match: TextMatch) {
  // websearch_to_tsquery accepts any text ("phrases", -exclusions, or) without syntax errors.
  return sql`websearch_to_tsquery('english', search_fold(${match.query}))`;
}

function freshness(column: Expression<unknown>, now: Date, weights: RankingWeights) {
  return sql<number>`(1 + ${weights.freshnessWeight}::float8 / (1 + greatest(extract(epoch FROM (${now}::timestamptz - ${column})), 0) / 86400.0 / ${weights.freshnessDays}::float8))`;
}

function textScore(
  doc: Expression<unknown>,
  title: Expression<unknown>,
  match: TextMatch,
  weights: RankingWeights,
) {
  const rank = sql<number>`ts_rank(${doc}, ${tsQuery(match)})`;
  if (!match.typos) return rank;
  // Word similarity is at most 1, so the typo term never beats a rank of typoWeight or more:
  // the title is then not folded and compared at all (the same score, far less work).
  const typoWeight = sql`${weights.typoWeight}::float8`;
  return sql<number>`(CASE WHEN ${rank} >= ${typoWeight} THEN ${rank}
    ELSE greatest(${rank}, word_similarity(search_fold(${match.query}), search_fold(${title})) * ${typoWeight})
    END)`;
}

function textMatches(
  doc: Expression<unknown>,
  title: Expression<unknown>,
  match: TextMatch,
): Expression<SqlBool> {
  if (!match.typos) return sql<SqlBool>`${doc} @@ ${tsQuery(match)}`;
  return sql<SqlBool>`(${doc} @@ ${tsQuery(match)} OR search_fold(${match.query}) <% search_fold(${title}))`;
}

function pinScope(rule: PinScopeRule): Expression<SqlBool> {
  switch (rule.kind) {
    case 'discoverable':
      return discoverableBoards();
    case 'saved_by':
      return sql<SqlBool>`(p.pinner_id = ${rule.viewer.id} AND ${visibleBoards(rule.viewer)})`;
    case 'member_boards':
      return sql<SqlBool>`(b.owner_id = ${rule.viewer.id} OR EXISTS (
        SELECT 1 FROM board_collaborators mc
        WHERE mc.board_id = b.id AND mc.user_id = ${rule.viewer.id} AND mc.status = 'accepted'
      ))`;
  }
}

/** The ranking score of a pin row aliased `alias` (text match × saves × freshness). */
function pinScore(alias: string, match: TextMatch, now: Date, weights: RankingWeights) {
  const doc = sql.ref(`${alias}.search_doc`);
  const title = sql.ref(`${alias}.title`);
  return sql<number>`${textScore(doc, title, match, weights)}
    * (1 + ${weights.popularityWeight}::float8 * ln(1 + ${sql.ref(`${alias}.save_count`)}))
    * ${freshness(sql.ref(`${alias}.created_at`), now, weights)}`;
}

/** Whether a pin row aliased `alias` is one of the requested top pins (`top` is not empty). */
function isTopPin(alias: string, top: string[]) {
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} = ANY(${top}::bigint[])`;
}

/** A query word that websearch_to_tsquery reads as an operator, not as a word to match. */
const SEARCH_OPERATOR_WORDS = new Set(['or']);
/** Shorter query words are left to the full text (the vocabulary holds none: migration 08-00). */
const TYPO_MIN_WORD_LENGTH = 3;
/** What a vocabulary word may hold to be written into a tsquery as it is (letters, digits). */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The typo part of a pins search (docs/decisions/200): each word of the query (excluded words,
 * written `-word`, and the operator `or` left out; at most `typoMaxWords`) is replaced by the
 * title vocabulary's words within the typo threshold, nearest first (the trigram GiST index,
 * `typoAlternativesPerWord` at most), and the answer is a tsquery that matches a pin whose title
 * holds any of them (weight A: titles only, as typo matching always was). Null when no word is
 * close to anything. The transaction's pg_trgm.word_similarity_threshold applies.
 */
export async function typoTsQuery(
  db: Kysely<Database>,
  query: string,
  weights: RankingWeights,
): Promise<string | null> {
  const words = query
    .split(/\s+/u)
    .filter((word) => !word.startsWith('-') && !SEARCH_OPERATOR_WORDS.has(word.toLowerCase()))
    .join(' ');
  const result = await sql<{ word: string }>`
    SELECT DISTINCT near.word
    FROM (
      SELECT q.word FROM regexp_split_to_table(search_fold(${words}), '[^[:alnum:]]+')
        WITH ORDINALITY AS q(word, n)
      WHERE char_length(q.word) >= ${TYPO_MIN_WORD_LENGTH}
      ORDER BY q.n
      LIMIT ${weights.typoMaxWords}
    ) typed
    CROSS JOIN LATERAL (
      SELECT v.word FROM search_title_words v
      WHERE typed.word <% v.word
      ORDER BY typed.word <<-> v.word, v.word
      LIMIT ${weights.typoAlternativesPerWord}
    ) near
    ORDER BY near.word`.execute(db);
  const alternatives = result.rows
    .map((row) => row.word)
    .filter((word) => PLAIN_WORD.test(word))
    .map((word) => `${word}:A`);
  return alternatives.length === 0 ? null : alternatives.join(' | ');
}

/**
 * Ids of the pins in the search's scope and filters that satisfy `match`: pins, their board and
 * their pinner only (aliases p, b, u; pp when a product is required), so the planner can walk an
 * index of `pins` in the order a leg asks for and stop at its limit.
 */
function scopedPinIds(db: Kysely<Database>, search: PinSearch, match: Expression<SqlBool>) {
  let query = db
    .selectFrom('pins as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .innerJoin('users as u', 'u.id', 'p.pinner_id')
    // As pinListQuery: a deactivated person's pins are hidden everywhere (decision 150).
    .where('u.deactivated_at', 'is', null)
    .where(pinScope(search.rule))
    .where(match)
    .select('p.id');
  if (search.product !== null) {
    query = query.innerJoin('pin_products as pp', 'pp.pin_id', 'p.id');
    if (search.product.priceMin !== undefined)
      query = query.where(sql<SqlBool>`pp.price >= ${search.product.priceMin}`);
    if (search.product.priceMax !== undefined)
      query = query.where(sql<SqlBool>`pp.price <= ${search.product.priceMax}`);
  }
  if (search.domains.length > 0)
    query = query.where(sql<SqlBool>`p.domain = ANY(${search.domains}::text[])`);
  if (search.colors.length > 0)
    query = query.where(
      sql<SqlBool>`search_color_family(p.dominant_color) = ANY(${search.colors}::text[])`,
    );
  if (search.pinner !== undefined)
    query = query.where(sql<SqlBool>`lower(u.username) = ${search.pinner.toLowerCase()}`);
  return query;
}

/**
 * The pins a search ranks (docs/decisions/193), each leg an index walk that stops at
 * `candidates` rows instead of scoring every match (a common word matches tens of thousands of
 * pins at 1M):
 * - the newest full-text matches (pins_pkey backwards, or the GIN index for a rare word);
 * - the most-saved full-text matches (pins_saved_idx);
 * - for a query long enough for typos, and only when the full text matches fewer than
 *   `candidates` pins, the newest typo matches: pins whose title holds a vocabulary word close to
 *   a word of the query (`typoQuery`, docs/decisions/200), found by the full-text index like any
 *   other word; a word that matches a thousand pins needs no typo tolerance;
 * - the requested top pins.
 * Scope and filters apply inside every leg. When no more than `candidates` pins match, this is
 * every match, so ranking is exactly decision 070's.
 */
function candidatePinIds(db: Kysely<Database>, search: PinSearch, typoQuery: string | null) {
  const fullText = sql<SqlBool>`p.search_doc @@ ${tsQuery(search.match)}`;
  const newest = scopedPinIds(db, search, fullText)
    .orderBy('p.id', 'desc')
    .limit(search.candidates);
  const mostSaved = scopedPinIds(db, search, fullText)
    .where('p.save_count', '>', 0)
    .orderBy('p.save_count', 'desc')
    .orderBy('p.id', 'desc')
    .limit(search.candidates);
  let candidates = db
    .with('text_newest', () => newest)
    .selectFrom('text_newest')
    .select('text_newest.id')
    .union(db.selectFrom(mostSaved.as('most_saved')).select('most_saved.id'));
  if (typoQuery !== null) {
    // The constant gate is checked once (an InitPlan); when it is false the leg is not run.
    const typo = scopedPinIds(
      db,
      search,
      sql<SqlBool>`p.search_doc @@ to_tsquery('english', ${typoQuery})`,
    )
      .where(sql<SqlBool>`(SELECT count(*) FROM text_newest) < ${search.candidates}::int`)
      .orderBy('p.id', 'desc')
      .limit(search.candidates);
    candidates = candidates.union(db.selectFrom(typo.as('typo')).select('typo.id'));
  }
  if (search.topPinIds.length === 0) return candidates;
  return candidates.union(scopedPinIds(db, search, isTopPin('p', search.topPinIds)));
}

export async function searchPinRows(
  db: Kysely<Database>,
  search: PinSearch,
  weights: RankingWeights,
): Promise<SearchPinRow[]> {
  const top = search.topPinIds;
  // The page is ranked among the candidates alone, then joined to the rest (as the home feed
  // does): the seven-table join and the serialised columns are for the page's rows only.
  const typoQuery = search.match.typos ? await typoTsQuery(db, search.match.query, weights) : null;
  let page = db
    .selectFrom('pins as cp')
    .selectAll('cp')
    .where('cp.id', 'in', candidatePinIds(db, search, typoQuery));
  if (top.length > 0) page = page.orderBy(isTopPin('cp', top), 'desc');
  page = page
    .orderBy(pinScore('cp', search.match, search.now, weights), 'desc')
    .orderBy('cp.id', 'desc')
    .offset(search.offset)
    .limit(search.limit);
  let query = pinListQuery(db, page.as('p'))
    .leftJoin('pin_products as pp', 'pp.pin_id', 'p.id')
    .select([
      sql<number | null>`pp.price::float8`.as('product_price'),
      'pp.currency as product_currency',
      'pp.availability as product_availability',
    ])
    // Restated on the joined rows: the scope rule is checked on what we return.
    .where(pinScope(search.rule));
  if (top.length > 0) query = query.orderBy(isTopPin('p', top), 'desc');
  return query
    .orderBy(pinScore('p', search.match, search.now, weights), 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

export interface BoardSearch {
  match: TextMatch;
  viewer: Viewer | null;
  owner: string | undefined;
  now: Date;
  offset: number;
  limit: number;
}

/** Public boards of active people, best match first. */
export async function searchBoardRows(
  db: Kysely<Database>,
  search: BoardSearch,
  weights: RankingWeights,
) {
  const doc = sql`b.search_doc`;
  const name = sql`b.name`;
  const score = sql<number>`${textScore(doc, name, search.match, weights)}
    * (1 + ${weights.popularityWeight}::float8 * ln(1 + b.follower_count + b.pin_count))
    * ${freshness(sql`b.created_at`, search.now, weights)}`;
  let query = boardRowsQuery(db, search.viewer)
    .where(discoverableBoards())
    .where('o.deactivated_at', 'is', null)
    .where('o.suspended_at', 'is', null)
    .where(textMatches(doc, name, search.match));
  if (search.owner !== undefined)
    query = query.where(sql<SqlBool>`lower(o.username) = ${search.owner.toLowerCase()}`);
  return query
    .orderBy(score, 'desc')
    .orderBy('b.id', 'desc')
    .offset(search.offset)
    .limit(search.limit)
    .execute();
}

export interface SearchUserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  follower_count: number;
  pin_count: number;
}

export interface UserSearch {
  match: TextMatch;
  offset: number;
  limit: number;
}

/** Active people whose username or name is like the query, closest and most followed first. */
export async function searchUserRows(
  db: Kysely<Database>,
  search: UserSearch,
  weights: RankingWeights,
): Promise<SearchUserRow[]> {
  const names = sql`search_fold(u.username || ' ' || u.first_name || ' ' || u.last_name)`;
  const folded = sql`search_fold(${search.match.query})`;
  return userSummaryQuery(db)
    .select([
      'u.follower_count',
      sql<number>`(
        SELECT count(*)::int FROM pins p JOIN boards b ON b.id = p.board_id
        WHERE p.pinner_id = u.id AND ${listedBoards(null)}
      )`.as('pin_count'),
    ])
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .where(sql<SqlBool>`${folded} <% ${names}`)
    .orderBy(
      sql`word_similarity(${folded}, ${names}) * (1 + ${weights.popularityWeight}::float8 * ln(1 + u.follower_count))`,
      'desc',
    )
    .orderBy('u.id', 'desc')
    .offset(search.offset)
    .limit(search.limit)
    .execute();
}

/** 'Did you mean' weighs this many nearest title words and board-name words. */
const DID_YOU_MEAN_CANDIDATES = 20;

/**
 * The closest word to `word` in public pin titles and board names ('Did you mean'), at trigram
 * word similarity of at least the transaction's threshold; undefined when nothing is close.
 *
 * Title words come from the title vocabulary (docs/decisions/200), nearest first, which holds the
 * words of every title, secret ones included: a word is offered only once a public pin's title is
 * found to hold it (the full-text index finds the pins, the folded title's words confirm the
 * exact word), tried in the order they would be offered. Board names stay a trigram search of
 * public boards (few rows).
 */
export async function closestKnownWord(
  db: Kysely<Database>,
  word: string,
): Promise<string | undefined> {
  const result = await sql<{ w: string; from_title: boolean }>`
    WITH near AS (
      SELECT v.word AS w, true AS from_title FROM search_title_words v
      WHERE ${word} <% v.word
      ORDER BY ${word} <<-> v.word, v.word
      LIMIT ${DID_YOU_MEAN_CANDIDATES}
    ),
    names AS (
      SELECT search_fold(b.name) AS t FROM boards b
      WHERE ${discoverableBoards()} AND ${word} <% search_fold(b.name)
      ORDER BY ${word} <<-> search_fold(b.name)
      LIMIT ${DID_YOU_MEAN_CANDIDATES}
    ),
    words AS (
      SELECT w, from_title FROM near
      UNION ALL
      SELECT DISTINCT w, false FROM names, regexp_split_to_table(t, '[^[:alnum:]]+') AS w
      WHERE length(w) >= 3
    )
    SELECT w, bool_and(from_title) AS from_title FROM words
    GROUP BY w
    ORDER BY similarity(w, ${word}) DESC, w`.execute(db);
  for (const row of result.rows) {
    if (!row.from_title || (await publicTitleHolds(db, row.w))) return row.w;
  }
  return undefined;
}

/** Whether some pin on a public board has `word` (folded) as a word of its title. */
async function publicTitleHolds(db: Kysely<Database>, word: string): Promise<boolean> {
  // Vocabulary words are letters and digits only, so `word:A` is a well-formed tsquery; the
  // tsquery is a constant, so the planner weighs a common word (walk, stop at the first) against
  // a rare one (the index).
  if (!PLAIN_WORD.test(word)) return false;
  const result = await sql<{ found: number }>`
    SELECT 1 AS found FROM pins p JOIN boards b ON b.id = p.board_id
    WHERE ${discoverableBoards()}
      AND p.search_doc @@ to_tsquery('english', ${`${word}:A`})
      AND ${word} = ANY (regexp_split_to_array(search_fold(p.title), '[^[:alnum:]]+'))
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
}
