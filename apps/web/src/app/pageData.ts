// A visitor's first API answers, given in the HTML (docs/decisions/207): the server writes the
// exact answers this visitor's own requests would get into `<script type="application/json"
// id="page-data">` (apps/api/src/plugins/app/page-meta.ts, same id), as one object from the URL
// the app asks for to the answer's envelope. Read once before the first render and put into the
// query cache under the keys the pages' hooks use, so the first render draws the page instead of
// a loading state (no fetch, no timer in between). The entries are fresh for the query client's
// usual stale time and go stale as any answer does.
import { PAGE_DATA_ELEMENT_ID } from '@corkboard/shared/page-data';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import { isFailure } from '@corkboard/shared/envelope';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { isEnvelope, type Page } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';

const FIRST_PAGE = `?page_size=${String(DEFAULT_PAGE_SIZE)}`;

type Seed = { kind: 'one'; key: QueryKey } | { kind: 'list'; key: QueryKey } | undefined;

function segment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The query an inlined URL answers, spelled as the hooks ask for it: the home feed's first page
 * (features/feed/hooks.ts), a pin (features/pin/hooks.ts usePin), a board and its first pins
 * (features/boards/hooks.ts). Any other URL is not seeded: the app asks for it as usual.
 */
export function seedFor(url: string): Seed {
  if (url === `/v3/feeds/home/${FIRST_PAGE}`) return { kind: 'list', key: queryKeys.homeFeed() };
  const boardPins = /^\/v3\/boards\/([^/?]+)\/pins\/(\?.*)$/.exec(url);
  if (boardPins) {
    const id = segment(boardPins[1] ?? '');
    return id !== undefined && boardPins[2] === FIRST_PAGE
      ? { kind: 'list', key: queryKeys.boardPins(id) }
      : undefined;
  }
  const pin = /^\/v3\/pins\/([^/?]+)\/$/.exec(url);
  if (pin) {
    const id = segment(pin[1] ?? '');
    return id === undefined ? undefined : { kind: 'one', key: queryKeys.pin(id) };
  }
  const board = /^\/v3\/boards\/([^/?]+)\/([^/?]+)\/$/.exec(url);
  if (board) {
    const username = segment(board[1] ?? '');
    const slug = segment(board[2] ?? '');
    return username === undefined || slug === undefined
      ? undefined
      : { kind: 'one', key: queryKeys.board(username, slug) };
  }
  return undefined;
}

/**
 * The inlined answers (URL → envelope), taking the element out of the document so nothing reads
 * them again after a navigation. {} when there are none or they do not parse (the app then asks
 * the API, as without them).
 */
export function takePageData(doc: Document = document): Record<string, unknown> {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!(element instanceof HTMLScriptElement) || element.type !== 'application/json') return {};
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Puts each successful inlined answer into the cache as its hook would have stored it (a list as
 * an infinite query's first page, with its bookmark). Failures and unknown URLs are skipped.
 * Returns how many queries were seeded.
 */
export function seedQueryCache(queryClient: QueryClient, answers: Record<string, unknown>): number {
  let seeded = 0;
  for (const [url, body] of Object.entries(answers)) {
    const seed = seedFor(url);
    if (seed === undefined || !isEnvelope<unknown>(body) || isFailure(body)) continue;
    const { data, bookmark } = body.resource_response;
    if (seed.kind === 'list') {
      if (!Array.isArray(data)) continue;
      const first: InfiniteData<Page<unknown>, string | undefined> = {
        pages: [{ data, bookmark: bookmark || undefined }],
        pageParams: [undefined],
      };
      queryClient.setQueryData(seed.key, first);
    } else {
      queryClient.setQueryData(seed.key, data);
    }
    seeded += 1;
  }
  return seeded;
}
