// The identity-provider admin (docs/decisions/154, 155): organisations' OpenID Connect providers,
// their e-mail domains and the domain proofs; and the domain-proof link's confirmation. Only the
// admin page and the verify page use these.
import type {
  SsoDomainProofMailbox,
  SsoDomainVerified,
  SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const PROVIDERS_PATH = '/v3/admin/sso/providers/';

export interface NewSsoProvider {
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string[];
}

export function useSsoProviders() {
  return useInfiniteQuery(
    listQueryOptions<SsoProviderItem>(queryKeys.adminSsoProviders(), PROVIDERS_PATH),
  );
}

function useProviderMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminSsoProviders() }),
  });
}

export function useCreateSsoProvider() {
  return useProviderMutation((input: NewSsoProvider) =>
    apiSend<SsoProviderItem>('POST', PROVIDERS_PATH, input),
  );
}

export function useRemoveSsoProvider() {
  return useProviderMutation((id: string) =>
    apiSend<{ id: string }>('DELETE', `${PROVIDERS_PATH}${id}/`),
  );
}

export function useAddSsoDomain() {
  return useProviderMutation((input: { providerId: string; domain: string }) =>
    apiSend<SsoProviderItem>('POST', `${PROVIDERS_PATH}${input.providerId}/domains/`, {
      domain: input.domain,
    }),
  );
}

export function useRemoveSsoDomain() {
  return useProviderMutation((input: { providerId: string; domainId: string }) =>
    apiSend<SsoProviderItem>(
      'DELETE',
      `${PROVIDERS_PATH}${input.providerId}/domains/${input.domainId}/`,
    ),
  );
}

export function useProveSsoDomainByDns() {
  return useProviderMutation((input: { providerId: string; domainId: string }) =>
    apiSend<SsoProviderItem>(
      'POST',
      `${PROVIDERS_PATH}${input.providerId}/domains/${input.domainId}/dns-proof/`,
      {},
    ),
  );
}

export function useSendSsoDomainProofMail() {
  return useProviderMutation(
    (input: { providerId: string; domainId: string; mailbox: SsoDomainProofMailbox }) =>
      apiSend<SsoProviderItem>(
        'POST',
        `${PROVIDERS_PATH}${input.providerId}/domains/${input.domainId}/email-proof/`,
        { mailbox: input.mailbox },
      ),
  );
}

/** POST /v3/sso/domains/verify/ with the mailed link's token. */
export function useVerifySsoDomainLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiSend<SsoDomainVerified>('POST', '/v3/sso/domains/verify/', { token }),
  });
}
