// The operators' side of the experience platform (docs/decisions/081, 082): list, define,
// change, end and delete experiences. Only the admin page uses these.
import type { AdminExperience } from '@corkboard/shared/experiences/experiences';
import type { ExperienceDefinitionInput } from '@corkboard/shared/experiences/schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useAdminExperiences() {
  return useInfiniteQuery(
    listQueryOptions<AdminExperience>(queryKeys.adminExperiences(), '/v3/admin/experiences/'),
  );
}

function useInvalidatingMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminExperiences() }),
  });
}

/** Defines a new experience (no id) or changes one. */
export function useSaveExperience() {
  return useInvalidatingMutation(
    ({ id, definition }: { id: string | null; definition: ExperienceDefinitionInput }) =>
      id === null
        ? apiSend<AdminExperience>('POST', '/v3/admin/experiences/', definition)
        : apiSend<AdminExperience>('PUT', `/v3/admin/experiences/${id}/`, definition),
  );
}

export function useEndExperience() {
  return useInvalidatingMutation((id: string) =>
    apiSend<AdminExperience>('POST', `/v3/admin/experiences/${id}/end/`, {}),
  );
}

export function useDeleteExperience() {
  return useInvalidatingMutation((id: string) =>
    apiSend<{ id: string }>('DELETE', `/v3/admin/experiences/${id}/`),
  );
}
