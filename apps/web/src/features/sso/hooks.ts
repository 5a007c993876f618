// Identity providers registered for organisations (docs/decisions/154, 155, 190): the operators'
// admin sees every one, a business's OWNER and ADMIN members their business's. Both doors answer
// the same shapes, so every hook takes the scope (the list's query key and the API path) and the
// pages share one set of components. Also the domain-proof link's confirmation.
import type {
  SsoDomainProofMailbox,
  SsoDomainVerified,
  SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** Where a page's providers live: its list's query key and the API path of the collection. */
export interface SsoScope {
  key: readonly string[];
  path: string;
}

export const ADMIN_SSO_SCOPE: SsoScope = {
  key: queryKeys.adminSsoProviders(),
  path: '/v3/admin/sso/providers/',
};

export function businessSsoScope(profileId: string): SsoScope {
  return {
    key: queryKeys.businessSsoProviders(profileId),
    path: `/v3/business/profiles/${encodeURIComponent(profileId)}/sso/providers/`,
  };
}

export interface NewSsoProvider {
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string[];
}

/** PUT body: the secret only when a new one was typed (write-only); domains the whole list. */
export interface SsoProviderChange {
  name: string;
  issuer: string;
  client_id: string;
  client_secret?: string;
  enabled: boolean;
  domains: string[];
}

export function useSsoProviders(scope: SsoScope) {
  return useInfiniteQuery(listQueryOptions<SsoProviderItem>(scope.key, scope.path));
}

function useProviderMutation<Input, Output>(
  scope: SsoScope,
  send: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope.key }),
  });
}

export function useCreateSsoProvider(scope: SsoScope) {
  return useProviderMutation(scope, (input: NewSsoProvider) =>
    apiSend<SsoProviderItem>('POST', scope.path, input),
  );
}

export function useChangeSsoProvider(scope: SsoScope) {
  return useProviderMutation(scope, (input: { id: string; change: SsoProviderChange }) =>
    apiSend<SsoProviderItem>('PUT', `${scope.path}${input.id}/`, input.change),
  );
}

export function useRemoveSsoProvider(scope: SsoScope) {
  return useProviderMutation(scope, (id: string) =>
    apiSend<{ id: string }>('DELETE', `${scope.path}${id}/`),
  );
}

export function useAddSsoDomain(scope: SsoScope) {
  return useProviderMutation(scope, (input: { providerId: string; domain: string }) =>
    apiSend<SsoProviderItem>('POST', `${scope.path}${input.providerId}/domains/`, {
      domain: input.domain,
    }),
  );
}

export function useRemoveSsoDomain(scope: SsoScope) {
  return useProviderMutation(scope, (input: { providerId: string; domainId: string }) =>
    apiSend<SsoProviderItem>(
      'DELETE',
      `${scope.path}${input.providerId}/domains/${input.domainId}/`,
    ),
  );
}

export function useProveSsoDomainByDns(scope: SsoScope) {
  return useProviderMutation(scope, (input: { providerId: string; domainId: string }) =>
    apiSend<SsoProviderItem>(
      'POST',
      `${scope.path}${input.providerId}/domains/${input.domainId}/dns-proof/`,
      {},
    ),
  );
}

export function useSendSsoDomainProofMail(scope: SsoScope) {
  return useProviderMutation(
    scope,
    (input: { providerId: string; domainId: string; mailbox: SsoDomainProofMailbox }) =>
      apiSend<SsoProviderItem>(
        'POST',
        `${scope.path}${input.providerId}/domains/${input.domainId}/email-proof/`,
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
