// Every business-account request the web makes (business.md §3, §7; docs/decisions/100):
// the access profiles, create and convert, members and invitations, and the invitation link.
import type { BusinessDetailsInput } from '@corkboard/shared/business/accounts';
import type {
  BusinessAccessProfile,
  BusinessCreated,
  BusinessInvite,
  BusinessInviteOutcome,
  BusinessInvitePreview,
  BusinessMember,
} from '@corkboard/shared/business/api';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** GET /vx/business_access/profiles/ (business.md §7). */
export function useBusinessProfiles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.businessProfiles(),
    queryFn: ({ signal }) =>
      apiGet<BusinessAccessProfile[]>('/vx/business_access/profiles/', { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export type BusinessAccountKind = 'linked' | 'convert';

/** POST /v3/business/create/ or /v3/business/convert/. */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, details }: { kind: BusinessAccountKind; details: BusinessDetailsInput }) =>
      apiSend<BusinessCreated>(
        'POST',
        kind === 'convert' ? '/v3/business/convert/' : '/v3/business/create/',
        details,
      ),
    onSuccess: async (_created, { kind }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.businessProfiles() });
      // A converted account is a partner now (business.md §3 isPartner).
      if (kind === 'convert') await queryClient.invalidateQueries({ queryKey: queryKeys.viewer() });
    },
  });
}

export interface BusinessMembers {
  members: BusinessMember[];
  invites: BusinessInvite[];
}

function profilePath(profileId: string): string {
  return `/v3/business/profiles/${encodeURIComponent(profileId)}`;
}

export function useBusinessMembers(profileId: string) {
  return useQuery({
    queryKey: queryKeys.businessMembers(profileId),
    queryFn: ({ signal }) =>
      apiGet<BusinessMembers>(`${profilePath(profileId)}/members/`, { signal }),
    retry: false,
  });
}

export type MemberChange =
  | { kind: 'invite'; email: string; permissions: BusinessPermission[] }
  | { kind: 'withdraw'; inviteId: string }
  | { kind: 'permissions'; userId: string; permissions: BusinessPermission[] }
  | { kind: 'remove'; userId: string };

/** Invite, withdraw an invitation, change or remove a member; the list refreshes after any. */
export function useChangeMembers(profileId: string) {
  const queryClient = useQueryClient();
  const base = profilePath(profileId);
  return useMutation({
    mutationFn: (change: MemberChange): Promise<unknown> => {
      switch (change.kind) {
        case 'invite':
          return apiSend<BusinessInvite>('POST', `${base}/invites/`, {
            email: change.email,
            permissions: change.permissions,
          });
        case 'withdraw':
          return apiSend('DELETE', `${base}/invites/${encodeURIComponent(change.inviteId)}/`);
        case 'permissions':
          return apiSend('PUT', `${base}/members/${encodeURIComponent(change.userId)}/`, {
            permissions: change.permissions,
          });
        case 'remove':
          return apiSend('DELETE', `${base}/members/${encodeURIComponent(change.userId)}/`);
      }
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.businessMembers(profileId) }),
  });
}

export function useBusinessInvitePreview(token: string | null) {
  return useQuery({
    queryKey: queryKeys.businessInvite(token ?? ''),
    queryFn: ({ signal }) =>
      apiGet<BusinessInvitePreview>('/v3/business_invites/', {
        query: { token: token ?? '' },
        signal,
      }),
    enabled: token !== null,
    retry: false,
  });
}

export function useAcceptBusinessInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiSend<BusinessInviteOutcome>('POST', '/v3/business_invites/accept/', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.businessProfiles() }),
  });
}
