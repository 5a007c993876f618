// Every business-account request the web makes (business.md §3, §7; docs/decisions/100):
// the access profiles, create and convert, members and invitations, and the invitation link.
import type { BusinessDetailsInput } from '@corkboard/shared/business/accounts';
import type {
  AdvertiserContext,
  BusinessAccessProfile,
  BusinessCreated,
  BusinessInvite,
  BusinessInviteOutcome,
  BusinessInvitePreview,
  BusinessMember,
} from '@corkboard/shared/business/api';
import type {
  AdObjective,
  AdReviewItem,
  HistoryEntry,
  CampaignDetail,
  CampaignItem,
  ConversionTag,
  QuickPromoteResult,
  RejectionReason,
} from '@corkboard/shared/business/campaigns';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import type {
  ReportColumn,
  ReportGranularity,
  ReportLevel,
  ReportOverview,
  ReportRow,
} from '@corkboard/shared/business/reporting';
import type { QuickPromotePayload } from '@corkboard/shared/business/quick-promote';
import type { AdTermsStatus } from '@corkboard/shared/business/ad-terms';
import type { AdAudience, AudienceExclusions } from '@corkboard/shared/business/audiences';
import type { PromotablePinItem } from '@corkboard/shared/business/promotable-pins';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
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

// ---- quick promote and the console (docs/decisions/102) ------------------------------------

export function useQuickPromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: QuickPromotePayload) =>
      apiSend<QuickPromoteResult>(
        'POST',
        `/ads/v4/advertisers/${encodeURIComponent(payload.advertiser_id)}/pins/${encodeURIComponent(payload.pin_id)}/quick_promote/`,
        payload,
      ),
    onSuccess: (_result, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.campaigns(payload.advertiser_id) }),
  });
}

function advertiserPath(advertiserId: string): string {
  return `/v3/ads/advertisers/${encodeURIComponent(advertiserId)}`;
}

export function useAdvertiser(advertiserId: string) {
  return useQuery({
    queryKey: queryKeys.advertiser(advertiserId),
    queryFn: ({ signal }) =>
      apiGet<AdvertiserContext>(`${advertiserPath(advertiserId)}/`, { signal }),
    retry: false,
  });
}

export function useCampaigns(advertiserId: string) {
  return useInfiniteQuery(
    listQueryOptions<CampaignItem>(
      queryKeys.campaigns(advertiserId),
      `${advertiserPath(advertiserId)}/campaigns/`,
    ),
  );
}

export function useCampaign(advertiserId: string, campaignId: string) {
  return useQuery({
    queryKey: queryKeys.campaign(advertiserId, campaignId),
    queryFn: ({ signal }) =>
      apiGet<CampaignDetail>(
        `${advertiserPath(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/`,
        { signal },
      ),
    retry: false,
  });
}

export function useSetCampaignStatus(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, status }: { campaignId: string; status: 'ACTIVE' | 'PAUSED' }) =>
      apiSend<CampaignDetail>(
        'PUT',
        `${advertiserPath(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/status/`,
        { status },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns(advertiserId) }),
  });
}

// ---- the console's overview, reporting and history (docs/decisions/151–153) ----------------

/**
 * The console's keys extend the registry's campaigns key (a campaign change refreshes them);
 * composed here rather than added to the registry, which ships in the first-visit bundle.
 */
function consoleKey(advertiserId: string, ...parts: string[]) {
  return [...queryKeys.campaigns(advertiserId), ...parts] as const;
}

/** '' dates are left out: the server's default range (the last 30 days). */
function rangeQuery(from: string, to: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (from) query['start_date'] = from;
  if (to) query['end_date'] = to;
  return query;
}

export function useReportOverview(advertiserId: string, from: string, to: string) {
  return useQuery({
    queryKey: consoleKey(advertiserId, 'overview', from, to),
    queryFn: ({ signal }) =>
      apiGet<ReportOverview>(`${advertiserPath(advertiserId)}/reporting/overview/`, {
        query: rangeQuery(from, to),
        signal,
      }),
    retry: false,
  });
}

export function useCampaignInsights(
  advertiserId: string,
  campaignId: string,
  from: string,
  to: string,
) {
  return useQuery({
    queryKey: consoleKey(advertiserId, campaignId, 'insights', from, to),
    queryFn: ({ signal }) =>
      apiGet<ReportOverview>(
        `${advertiserPath(advertiserId)}/campaign-insights/${encodeURIComponent(campaignId)}/`,
        { query: rangeQuery(from, to), signal },
      ),
    retry: false,
  });
}

export interface ReportFilter {
  level: ReportLevel;
  granularity: ReportGranularity;
  from: string;
  to: string;
  campaignId?: string | undefined;
  objective?: AdObjective | undefined;
}

function reportQuery(filter: ReportFilter): Record<string, string> {
  const query = { ...rangeQuery(filter.from, filter.to), granularity: filter.granularity };
  return {
    ...query,
    ...(filter.campaignId ? { campaign_id: filter.campaignId } : {}),
    ...(filter.objective ? { objective_type: filter.objective } : {}),
  };
}

export function useReport(advertiserId: string, filter: ReportFilter) {
  const query = reportQuery(filter);
  return useInfiniteQuery({
    ...listQueryOptions<ReportRow>(
      consoleKey(advertiserId, 'report', filter.level, ...Object.entries(query).flat()),
      `${advertiserPath(advertiserId)}/reporting/${filter.level}/`,
      query,
    ),
    retry: false,
  });
}

/** The CSV download's address (a plain link: the browser saves the attachment). */
export function reportExportUrl(advertiserId: string, filter: ReportFilter): string {
  const search = new URLSearchParams(reportQuery(filter)).toString();
  return `${advertiserPath(advertiserId)}/reporting/${filter.level}/export/?${search}`;
}

export function useReportPreferences(advertiserId: string) {
  return useQuery({
    queryKey: consoleKey(advertiserId, 'preferences'),
    queryFn: ({ signal }) =>
      apiGet<{ columns: ReportColumn[] }>(
        `${advertiserPath(advertiserId)}/reporting/preferences/`,
        { signal },
      ),
    retry: false,
  });
}

export function useSaveReportPreferences(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: ReportColumn[]) =>
      apiSend<{ columns: ReportColumn[] }>(
        'PUT',
        `${advertiserPath(advertiserId)}/reporting/preferences/`,
        { columns },
      ),
    onSuccess: (saved) => queryClient.setQueryData(consoleKey(advertiserId, 'preferences'), saved),
  });
}

export function useAdHistory(advertiserId: string, entityType: string) {
  return useInfiniteQuery({
    ...listQueryOptions<HistoryEntry>(
      consoleKey(advertiserId, 'history', entityType),
      `${advertiserPath(advertiserId)}/history/`,
      entityType ? { entity_type: entityType } : {},
    ),
    retry: false,
  });
}

// ---- operators: the ad review queue (docs/decisions/103) -----------------------------------

export function useAdReviewQueue() {
  return useInfiniteQuery(
    listQueryOptions<AdReviewItem>(queryKeys.adReviewQueue(), '/v3/admin/ads/review/'),
  );
}

export function useDecideAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      adId,
      status,
      reasons,
    }: {
      adId: string;
      status: 'APPROVED' | 'REJECTED';
      reasons: RejectionReason[];
    }) =>
      apiSend<{ id: string; review_status: string }>(
        'POST',
        `/v3/admin/ads/${encodeURIComponent(adId)}/review/`,
        { status, reasons },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adReviewQueue() }),
  });
}

// ---- quick-promote steps and audience exclusions (docs/decisions/181–185) -------------------
// Keys extend the registry's advertiser key, composed here like consoleKey above.

function stepsKey(advertiserId: string, ...parts: string[]) {
  return [...queryKeys.advertiser(advertiserId), ...parts] as const;
}

/** GET …/terms/: whether the GDPR step applies to the ad account; off without one. */
export function useAdTerms(advertiserId: string | undefined) {
  return useQuery({
    queryKey: stepsKey(advertiserId ?? '', 'terms'),
    queryFn: ({ signal }) =>
      apiGet<AdTermsStatus>(`${advertiserPath(advertiserId ?? '')}/terms/`, { signal }),
    enabled: advertiserId !== undefined,
    retry: false,
  });
}

export function useAcceptAdTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ advertiserId, version }: { advertiserId: string; version: string }) =>
      apiSend<AdTermsStatus>('POST', `${advertiserPath(advertiserId)}/terms/`, {
        version,
        accept: true,
      }),
    onSuccess: (status, { advertiserId }) =>
      queryClient.setQueryData(stepsKey(advertiserId, 'terms'), status),
  });
}

export function usePromotablePins(advertiserId: string) {
  return useInfiniteQuery(
    listQueryOptions<PromotablePinItem>(
      stepsKey(advertiserId, 'promotablePins'),
      `${advertiserPath(advertiserId)}/promotable_pins/`,
    ),
  );
}

export function useConversionTags(advertiserId: string) {
  return useInfiniteQuery(
    listQueryOptions<ConversionTag>(
      stepsKey(advertiserId, 'conversionTags'),
      `${advertiserPath(advertiserId)}/conversion_tags/`,
    ),
  );
}

export function useCreateConversionTag(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiSend<ConversionTag>('POST', `${advertiserPath(advertiserId)}/conversion_tags/`, { name }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: stepsKey(advertiserId, 'conversionTags') }),
  });
}

export function useAudiences(advertiserId: string, enabled = true) {
  return useInfiniteQuery({
    ...listQueryOptions<AdAudience>(
      stepsKey(advertiserId, 'audiences'),
      `${advertiserPath(advertiserId)}/audiences/`,
    ),
    enabled,
  });
}

export function useSetAudienceExclusions(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adGroupId, ids }: { adGroupId: string; ids: string[] }) =>
      apiSend<AudienceExclusions>(
        'PUT',
        `${advertiserPath(advertiserId)}/ad_groups/${encodeURIComponent(adGroupId)}/audience_exclusions/`,
        { AUDIENCE_EXCLUDE: ids },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns(advertiserId) }),
  });
}
