// The bulk follow request's body, built by the web's Follow buttons (a board page shows one).
// Kept apart from organise.ts, whose zod schemas would otherwise come with it into every board
// page's first download (docs/decisions/146, 198); organise.ts re-exports it.

/** `UserFollowResource` bulk create: the people to follow, ids comma-separated. */
export interface BulkFollowBody {
  followee_ids: string;
}

/** §7 "sent only when the id list is non-empty": the body, or null when there is nobody. */
export function bulkFollowBody(ids: readonly string[]): BulkFollowBody | null {
  return ids.length === 0 ? null : { followee_ids: ids.join(',') };
}
