// The jobs admin's data (docs/decisions/139): the dead-letter list, retry and delete.
import type { DeadJob } from '@corkboard/shared/jobs/api';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useDeadJobs() {
  return useInfiniteQuery(listQueryOptions<DeadJob>(queryKeys.adminDeadJobs(), '/v3/admin/jobs/'));
}

/** Retry (back onto its queue) or delete one dead job; the list reloads after either. */
export function useDeadJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'delete' }) =>
      action === 'retry'
        ? apiSend<{ id: string }>('POST', `/v3/admin/jobs/${encodeURIComponent(id)}/retry/`)
        : apiSend<{ id: string }>('DELETE', `/v3/admin/jobs/${encodeURIComponent(id)}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminDeadJobs() }),
  });
}
