// /settings/claim/'s data (docs/decisions/127, 128): the viewer's verification token, claimed
// websites and Instagram connection; claiming and removing a website; starting, finishing and
// ending the Instagram connection. Every change refreshes the claim state and the settings the
// Instagram upsell reads.
import type {
  ClaimedWebsite,
  ClaimMethod,
  ClaimState,
  InstagramAuthorization,
  InstagramConnection,
} from '@corkboard/shared/claim/claim';
import type { UserSettingsData } from '@corkboard/shared/saving/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export function useClaimState() {
  return useQuery({
    queryKey: queryKeys.claimState(),
    queryFn: ({ signal }) => apiGet<ClaimState>('/v3/users/me/claim/', { signal }),
  });
}

/** GET /v3/users/settings: what the Instagram upsell's conditions read. */
export function useUserSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.userSettings(),
    queryFn: ({ signal }) => apiGet<UserSettingsData>('/v3/users/settings', { signal }),
    staleTime: 60_000,
  });
}

function useRefreshing<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.claimState() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userSettings() }),
      ]);
    },
  });
}

export function useClaimWebsite() {
  return useRefreshing((input: { url: string; method: ClaimMethod }) =>
    apiSend<ClaimedWebsite>('POST', '/v3/users/me/websites/', input),
  );
}

export function useRemoveWebsite() {
  return useRefreshing((domain: string) =>
    apiSend<{ ok: true }>('DELETE', `/v3/users/me/websites/${encodeURIComponent(domain)}/`),
  );
}

/** Starts the OAuth flow; the caller sends the browser to the answer's authorize_url. */
export function useStartInstagram() {
  return useMutation({
    mutationFn: () => apiSend<InstagramAuthorization>('POST', '/v3/users/me/instagram/authorize/'),
  });
}

export function useConnectInstagram() {
  return useRefreshing((input: { code: string; state: string }) =>
    apiSend<InstagramConnection>('POST', '/v3/users/me/instagram/connect/', input),
  );
}

export function useDisconnectInstagram() {
  return useRefreshing(() => apiSend<{ ok: true }>('DELETE', '/v3/users/me/instagram/'));
}
