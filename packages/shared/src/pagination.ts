// Cursor pagination limits shared by every list endpoint and the web client.

/** Page size when the client asks for none. The first home-feed page is 25 pins. */
export const DEFAULT_PAGE_SIZE = 25;
/** Hard cap: a larger ?page_size= is clamped to this, never rejected. */
export const MAX_PAGE_SIZE = 100;

export function clampPageSize(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(requested)));
}
