import type { Pin } from '@corkboard/shared/api-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useHomeFeed() {
  return useInfiniteQuery(listQueryOptions<Pin>(queryKeys.homeFeed(), '/v3/feeds/home/'));
}
