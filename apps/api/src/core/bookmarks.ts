// Opaque list cursors (docs/decisions/003-bookmarks.md). A bookmark is base64url of a tiny typed
// payload: `id:<last id>` for keyset-paged lists (newest first), `off:<n>` for ranked search.
// They are not signed: a cursor grants nothing (visibility is checked on every query), so the
// only requirement is that a malformed or foreign cursor is refused as INVALID_BOOKMARK.
import { AppError } from '@corkboard/shared/app-error';

/** Longest bookmark string we try to decode; real ones are under 40 characters. */
export const MAX_BOOKMARK_LENGTH = 64;
/** Search pages by offset; beyond this many results there is no next page. */
export const SEARCH_MAX_RESULTS = 1000;

const INT8_MAX = 9223372036854775807n;
const ID_PAYLOAD = /^id:([1-9][0-9]{0,18})$/;
const OFFSET_PAYLOAD = /^off:(0|[1-9][0-9]{0,6})$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface Page<T> {
  items: T[];
  /** Cursor of the next page; undefined at the end. */
  bookmark: string | undefined;
}

function decodePayload(bookmark: string): string {
  if (bookmark.length > MAX_BOOKMARK_LENGTH || !BASE64URL.test(bookmark))
    throw new AppError('INVALID_BOOKMARK');
  const payload = Buffer.from(bookmark, 'base64url').toString('utf8');
  // Buffer decoding is lenient; a cursor we issued re-encodes to exactly itself.
  if (Buffer.from(payload, 'utf8').toString('base64url') !== bookmark)
    throw new AppError('INVALID_BOOKMARK');
  return payload;
}

export function encodeIdBookmark(id: string): string {
  return Buffer.from(`id:${id}`, 'utf8').toString('base64url');
}

/** The id to continue below (exclusive), or undefined for the first page. */
export function decodeIdBookmark(bookmark: string | undefined): string | undefined {
  if (bookmark === undefined || bookmark === '') return undefined;
  const match = ID_PAYLOAD.exec(decodePayload(bookmark));
  const id = match?.[1];
  if (id === undefined || BigInt(id) > INT8_MAX) throw new AppError('INVALID_BOOKMARK');
  return id;
}

/**
 * Ranked-then-newest lists (the seeded home feed: topic pins first): the last row's tier and id.
 * A plain `id:` cursor continues in tier 0 (a list that became ranked while someone scrolled).
 */
export function encodeTierIdBookmark(tier: number, id: string): string {
  return Buffer.from(`t${tier}:${id}`, 'utf8').toString('base64url');
}

const TIER_ID_PAYLOAD = /^t([0-9]):([1-9][0-9]{0,18})$/;

export function decodeTierIdBookmark(
  bookmark: string | undefined,
): { tier: number; id: string } | undefined {
  if (bookmark === undefined || bookmark === '') return undefined;
  const payload = decodePayload(bookmark);
  const tiered = TIER_ID_PAYLOAD.exec(payload);
  const plain = ID_PAYLOAD.exec(payload);
  const id = tiered?.[2] ?? plain?.[1];
  if (id === undefined || BigInt(id) > INT8_MAX) throw new AppError('INVALID_BOOKMARK');
  return { tier: tiered ? Number(tiered[1]) : 0, id };
}

export function encodeOffsetBookmark(offset: number): string {
  return Buffer.from(`off:${offset}`, 'utf8').toString('base64url');
}

export function decodeOffsetBookmark(bookmark: string | undefined, maxOffset: number): number {
  if (bookmark === undefined || bookmark === '') return 0;
  const match = OFFSET_PAYLOAD.exec(decodePayload(bookmark));
  const offset = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!Number.isInteger(offset) || offset > maxOffset) throw new AppError('INVALID_BOOKMARK');
  return offset;
}

/**
 * Lists fetch one row more than the page size: its presence proves a next page exists, so the
 * bookmark is absent exactly at the end (no empty trailing page).
 */
export function keysetPage<Row extends { id: string }, T>(
  rows: Row[],
  pageSize: number,
  serialize: (row: Row) => T,
): Page<T> {
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows.at(-1);
  const bookmark = rows.length > pageSize && last ? encodeIdBookmark(last.id) : undefined;
  return { items: pageRows.map(serialize), bookmark };
}

export function offsetPage<Row, T>(
  rows: Row[],
  offset: number,
  pageSize: number,
  maxResults: number,
  serialize: (row: Row) => T,
): Page<T> {
  const pageRows = rows.slice(0, pageSize);
  const next = offset + pageRows.length;
  const bookmark =
    rows.length > pageSize && next < maxResults ? encodeOffsetBookmark(next) : undefined;
  return { items: pageRows.map(serialize), bookmark };
}

/**
 * Lists that page by id in one order and by offset in another (a board's pins: newest first or
 * custom, docs/decisions/123): either cursor, decoded before the list is looked up so a
 * malformed one is INVALID_BOOKMARK first; the caller refuses the kind its order does not use.
 */
export function decodeIdOrOffsetBookmark(
  bookmark: string | undefined,
  maxOffset: number,
): { id: string } | { offset: number } | undefined {
  if (bookmark === undefined || bookmark === '') return undefined;
  const payload = decodePayload(bookmark);
  if (payload.startsWith('off:')) return { offset: decodeOffsetBookmark(bookmark, maxOffset) };
  return { id: decodeIdBookmark(bookmark) ?? '' };
}

/** The offset to continue at, for an offset-paged order (INVALID_BOOKMARK for an id cursor). */
export function offsetOf(cursor: { id: string } | { offset: number } | undefined): number {
  if (cursor === undefined) return 0;
  if ('offset' in cursor) return cursor.offset;
  throw new AppError('INVALID_BOOKMARK');
}

/** The id to continue below, for a keyset-paged order (INVALID_BOOKMARK for an offset cursor). */
export function beforeIdOf(
  cursor: { id: string } | { offset: number } | undefined,
): string | undefined {
  if (cursor === undefined) return undefined;
  if ('id' in cursor) return cursor.id;
  throw new AppError('INVALID_BOOKMARK');
}
