// The /offsite/ page's one request: GET /v3/offsite/?check_only=true (business.md §7), with the
// page's own parameters passed on (the server counts the click and decides whether the page may
// go on by itself; docs/decisions/080).
import {
  OFFSITE_CHECK_PATH,
  type OffsiteCheckAnswer,
  type OffsiteLinkParams,
} from '@corkboard/shared/offsite/offsite';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export interface OffsitePageParams extends OffsiteLinkParams {
  token: string | undefined;
}

/** The /offsite/ query string (business.md §2.2) as the page reads it. */
export function readOffsiteParams(search: string): OffsitePageParams {
  const query = new URLSearchParams(search);
  const optional = (name: string) => query.get(name) ?? undefined;
  return {
    url: query.get('url') ?? '',
    pinId: optional('pin'),
    isThirdPartyAd: query.get('isThirdPartyAd') === 'true',
    csr: optional('csr'),
    clientTrackingParams: optional('client_tracking_params'),
    auxData: optional('aux_data'),
    token: optional('token'),
  };
}

/**
 * The check, once per page (never refetched: each check is a counted click). Disabled until
 * the page has a URL worth asking about.
 */
export function useOffsiteCheck(params: OffsitePageParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.offsiteCheck(JSON.stringify(params)),
    queryFn: ({ signal }) =>
      apiGet<OffsiteCheckAnswer>(OFFSITE_CHECK_PATH, {
        signal,
        query: {
          check_only: 'true',
          url: params.url,
          pin_id: params.pinId,
          third_party_ad: params.isThirdPartyAd ? 'true' : undefined,
          token: params.token,
          csr: params.csr,
          client_tracking_params: params.clientTrackingParams,
          aux_data: params.auxData,
        },
      }),
    enabled,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
