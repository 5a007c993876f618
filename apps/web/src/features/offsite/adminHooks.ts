// The operators' side of offsite links (docs/decisions/080): the domain list, a link check that
// says why, and the click summary. Only the admin page uses these.
import type {
  AdminOffsiteCheck,
  AdminOffsiteDomain,
  OffsiteListStatus,
  OffsiteStatus,
} from '@corkboard/shared/offsite/offsite';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** The click summary's window (the API allows 1–92 days). */
export const CLICK_SUMMARY_DAYS = 7;

export function useOffsiteDomains() {
  return useInfiniteQuery(
    listQueryOptions<AdminOffsiteDomain>(queryKeys.adminOffsiteDomains(), '/v3/admin/offsite/'),
  );
}

export function useOffsiteClicks() {
  return useQuery({
    queryKey: queryKeys.adminOffsiteClicks(),
    queryFn: ({ signal }) =>
      apiGet<{ days: number; by_status: Record<OffsiteStatus, number> }>(
        '/v3/admin/offsite/clicks/',
        { signal, query: { days: CLICK_SUMMARY_DAYS } },
      ),
  });
}

function domainPath(domain: string): string {
  return `/v3/admin/offsite/${encodeURIComponent(domain)}/`;
}

export function useSetOffsiteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: { domain: string; status: OffsiteListStatus; note: string }) =>
      apiSend<{ domain: string }>('PUT', domainPath(entry.domain), {
        status: entry.status,
        note: entry.note,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOffsiteDomains() }),
  });
}

export function useRemoveOffsiteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => apiSend<{ domain: string }>('DELETE', domainPath(domain)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOffsiteDomains() }),
  });
}

/** What the check says about a link and why (a read, asked when the operator submits). */
export function useExplainLink() {
  return useMutation({
    mutationFn: (url: string) =>
      apiGet<AdminOffsiteCheck>('/v3/admin/offsite/check/', { query: { url } }),
  });
}
