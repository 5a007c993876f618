// The experiments admin (docs/decisions/120): experiments with their shares, per-person
// overrides and the exposure log. Only the admin page uses these.
import type {
  AdminExperiment,
  AdminExperimentExposure,
  AdminExperimentOverride,
  ExperimentAllocationBody,
} from '@corkboard/shared/experiments/admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

function experimentPath(name: string): string {
  return `/v3/admin/experiments/${encodeURIComponent(name)}/`;
}

function overridePath(name: string, username: string): string {
  return `${experimentPath(name)}overrides/${encodeURIComponent(username)}/`;
}

export function useAdminExperiments() {
  return useQuery({
    queryKey: queryKeys.adminExperiments(),
    queryFn: ({ signal }) => apiGet<AdminExperiment[]>('/v3/admin/experiments/', { signal }),
  });
}

export function useExperimentOverrides(name: string) {
  return useInfiniteQuery(
    listQueryOptions<AdminExperimentOverride>(
      queryKeys.adminExperimentOverrides(name),
      `${experimentPath(name)}overrides/`,
    ),
  );
}

/** `group` '' lists every group. */
export function useExperimentExposures(name: string, group: string) {
  return useInfiniteQuery(
    listQueryOptions<AdminExperimentExposure>(
      queryKeys.adminExperimentExposures(name, group),
      `${experimentPath(name)}exposures/`,
      group === '' ? {} : { group },
    ),
  );
}

export function useSetAllocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; body: ExperimentAllocationBody }) =>
      apiSend<{ name: string }>('PUT', experimentPath(input.name), input.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminExperiments() }),
  });
}

export function useSetOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; username: string; group: string }) =>
      apiSend<{ name: string }>('PUT', overridePath(input.name, input.username), {
        group: input.group,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminExperiments() }),
  });
}

export function useRemoveOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; username: string }) =>
      apiSend<{ name: string }>('DELETE', overridePath(input.name, input.username)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminExperiments() }),
  });
}
