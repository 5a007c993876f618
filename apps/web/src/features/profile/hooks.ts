import type { Board, Pin, User } from '@corkboard/shared/api-types';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const userPath = (username: string) => `/v3/users/${encodeURIComponent(username)}/`;

export function useUser(username: string) {
  return useQuery({
    queryKey: queryKeys.user(username),
    queryFn: ({ signal }) => apiGet<User>(userPath(username), { signal }),
  });
}

export function useUserBoards(username: string) {
  return useInfiniteQuery(
    listQueryOptions<Board>(queryKeys.userBoards(username), `${userPath(username)}boards/`),
  );
}

export function useUserPins(username: string) {
  return useInfiniteQuery(
    listQueryOptions<Pin>(queryKeys.userPins(username), `${userPath(username)}pins/`),
  );
}
