// The admin pages' data: the overview and the operator list, with grant and revoke.
import type { AdminOverview } from '@corkboard/shared/admin/api';
import type { UserSummary } from '@corkboard/shared/api-types';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useAdminOverview() {
  return useQuery({
    queryKey: queryKeys.adminOverview(),
    queryFn: ({ signal }) => apiGet<AdminOverview>('/v3/admin/overview/', { signal }),
  });
}

export function useOperators() {
  return useInfiniteQuery(
    listQueryOptions<UserSummary>(queryKeys.adminOperators(), '/v3/admin/operators/'),
  );
}

function operatorPath(username: string): string {
  return `/v3/admin/operators/${encodeURIComponent(username)}/`;
}

/** Grant or revoke; the list and the overview's operator count refresh after either. */
export function useSetOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, operator }: { username: string; operator: boolean }) =>
      apiSend<{ username: string }>(operator ? 'PUT' : 'DELETE', operatorPath(username)),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOperators() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOverview() }),
      ]);
    },
  });
}
