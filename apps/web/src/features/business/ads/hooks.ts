// Every request of the console's campaign editor (docs/decisions/176–178): the campaign as the
// editor loads it, create / edit / duplicate, drafts, and the creative picker's pins. The keys
// extend the registry's campaigns key (composed here, as the console's hooks do, so the
// first-visit bundle's registry does not grow); any write refreshes the console's campaigns.
import type {
  AdDraftItem,
  CampaignSaved,
  EditableCampaign,
  EditorCampaignCreateBody,
  EditorCampaignUpdateBody,
  PromotablePin,
} from '@corkboard/shared/business/ads-editor';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../api/client.ts';
import { listQueryOptions } from '../../../api/lists.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

function base(advertiserId: string): string {
  return `/v3/ads/advertisers/${encodeURIComponent(advertiserId)}`;
}

function editorKey(advertiserId: string, ...parts: string[]) {
  return [...queryKeys.campaigns(advertiserId), 'editor', ...parts] as const;
}

export function useEditableCampaign(advertiserId: string, campaignId: string) {
  return useQuery({
    queryKey: editorKey(advertiserId, 'campaign', campaignId),
    queryFn: ({ signal }) =>
      apiGet<EditableCampaign>(
        `${base(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/editor/`,
        { signal },
      ),
    enabled: /^\d+$/.test(campaignId),
    retry: false,
    // The form is filled once from this answer; a refetch would not change it.
    staleTime: Infinity,
  });
}

export function useDraft(advertiserId: string, draftId: string) {
  return useQuery({
    queryKey: editorKey(advertiserId, 'draft', draftId),
    queryFn: ({ signal }) =>
      apiGet<AdDraftItem>(`${base(advertiserId)}/drafts/${encodeURIComponent(draftId)}/`, {
        signal,
      }),
    enabled: /^\d+$/.test(draftId),
    retry: false,
    staleTime: Infinity,
  });
}

export function useDrafts(advertiserId: string, enabled: boolean) {
  return useInfiniteQuery({
    ...listQueryOptions<AdDraftItem>(
      editorKey(advertiserId, 'drafts'),
      `${base(advertiserId)}/drafts/`,
    ),
    enabled,
    retry: false,
  });
}

export function usePromotablePins(advertiserId: string, enabled: boolean) {
  return useInfiniteQuery({
    ...listQueryOptions<PromotablePin>(
      editorKey(advertiserId, 'pins'),
      `${base(advertiserId)}/promotable_pins/`,
    ),
    enabled,
    retry: false,
  });
}

export function useSaveCampaign(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; body: EditorCampaignCreateBody }
        | { kind: 'update'; campaignId: string; body: EditorCampaignUpdateBody },
    ) =>
      change.kind === 'create'
        ? apiSend<CampaignSaved>('POST', `${base(advertiserId)}/campaigns/`, change.body)
        : apiSend<CampaignSaved>(
            'PUT',
            `${base(advertiserId)}/campaigns/${encodeURIComponent(change.campaignId)}/`,
            change.body,
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns(advertiserId) }),
  });
}

export function useSaveDraft(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draftId,
      name,
      payload,
    }: {
      draftId: string | undefined;
      name: string;
      payload: Record<string, unknown>;
    }) =>
      draftId === undefined
        ? apiSend<AdDraftItem>('POST', `${base(advertiserId)}/drafts/`, { name, payload })
        : apiSend<AdDraftItem>(
            'PUT',
            `${base(advertiserId)}/drafts/${encodeURIComponent(draftId)}/`,
            { name, payload },
          ),
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKey(advertiserId, 'draft', saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: editorKey(advertiserId, 'drafts') });
    },
  });
}

export function useDeleteDraft(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) =>
      apiSend<{ id: string }>(
        'DELETE',
        `${base(advertiserId)}/drafts/${encodeURIComponent(draftId)}/`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: editorKey(advertiserId, 'drafts') }),
  });
}

export function useDuplicateCampaign(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      apiSend<AdDraftItem>(
        'POST',
        `${base(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/duplicate/`,
        {},
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(editorKey(advertiserId, 'draft', saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns(advertiserId) });
    },
  });
}
