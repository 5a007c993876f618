import type { Pin } from '@corkboard/shared/api-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useHomeFeed() {
  return useInfiniteQuery(listQueryOptions<Pin>(queryKeys.homeFeed(), '/v3/feeds/home/'));
}

/** GET /v3/feeds/following/: signed-in people only (the Following tab). */
export function useFollowingFeed() {
  return useInfiniteQuery(listQueryOptions<Pin>(queryKeys.followingFeed(), '/v3/feeds/following/'));
}
