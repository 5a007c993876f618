// The experience platform's calls from the web (business.md §4.4, §7; docs/decisions/081):
// which experience each placement shows (UserExperienceResource get), and the person's
// statuses — viewed and completed are updates, dismissed is a delete.
import type {
  ExperienceStateAnswer,
  UserExperiencesAnswer,
} from '@corkboard/shared/experiences/experiences';
import type { ChosenTopics, Topic, TopicSummary } from '@corkboard/shared/topics/topics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

function placementsKey(placementIds: readonly number[]): string {
  return [...placementIds].sort((a, b) => a - b).join(',');
}

/** The experiences of these placements for the signed-in person (call only when signed in). */
export function useExperiences(placementIds: readonly number[], page: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.experiences(placementsKey(placementIds)),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<UserExperiencesAnswer>(
          'UserExperienceResource',
          {
            placement_ids: placementIds,
            extra_context: { page },
            targeting: { language: document.documentElement.lang || undefined },
          },
          signal,
        )
      ).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function recordViewed(placedId: string, page: string): Promise<ExperienceStateAnswer> {
  return apiSend<ExperienceStateAnswer>('POST', '/resource/UserExperienceViewedResource/update/', {
    options: { placed_experience_id: placedId, extra_context: { page } },
  });
}

/**
 * Dismisses an experience; once the server has recorded it, the placement's answer drops it, so
 * it stays gone (and after a reload the server no longer serves it).
 */
export function useDismissExperience(placementIds: readonly number[]) {
  const queryClient = useQueryClient();
  const key = queryKeys.experiences(placementsKey(placementIds));
  return useMutation({
    mutationFn: (placedId: string) =>
      apiSend<ExperienceStateAnswer>('POST', '/resource/UserExperienceResource/delete/', {
        options: { placed_experience_id: placedId },
      }),
    onSuccess: (state) => {
      queryClient.setQueryData<UserExperiencesAnswer>(key, (answer) => {
        if (!answer) return answer;
        const experiences = { ...answer.experiences };
        for (const [placement, experience] of Object.entries(experiences)) {
          if (experience?.placed_experience_id === state.placed_experience_id) {
            experiences[placement] = null;
          }
        }
        return { ...answer, experiences };
      });
    },
  });
}

/** Completed (UserExperienceCompletedResource update): the experience ends for good. */
export function recordCompleted(placedId: string): Promise<ExperienceStateAnswer> {
  return apiSend<ExperienceStateAnswer>(
    'POST',
    '/resource/UserExperienceCompletedResource/update/',
    { options: { placed_experience_id: placedId } },
  );
}

/** The topics the first-run tour offers (those with pins anyone may see). */
export function useTopics(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.topics(),
    queryFn: ({ signal }) => apiGet<TopicSummary[]>('/v3/topics/', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The first-run tour's answer: saves the chosen topics, then marks the tour completed. The home
 * feed is refetched (it is now seeded by the topics) and the placement no longer has the tour.
 */
export function useCompleteTour(placementIds: readonly number[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ placedId, topics }: { placedId: string; topics: Topic[] }) => {
      await apiSend<ChosenTopics>('PUT', '/v3/users/me/topics/', { topics });
      return recordCompleted(placedId);
    },
    onSuccess: async () => {
      queryClient.setQueryData<UserExperiencesAnswer>(
        queryKeys.experiences(placementsKey(placementIds)),
        (answer) => (answer ? { ...answer, experiences: {} } : answer),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.homeFeed() });
    },
  });
}

/**
 * Triggers the triggerable experiences a placement holds for the person (PUT …/trigger/ each,
 * business.md §7) and refetches the placement, so a page showing it draws it. The save flow
 * calls it after the person's first save (the save tooltip, docs/decisions/083).
 */
export function useTriggerPlacement() {
  const queryClient = useQueryClient();
  return async (placementId: number): Promise<void> => {
    const answer = await apiResourceGet<UserExperiencesAnswer>('UserExperienceResource', {
      placement_ids: [placementId],
      extra_context: {},
    });
    const prefix = `${placementId}:`;
    const placed = answer.data.triggerable_placed_exps.filter((id) => id.startsWith(prefix));
    for (const id of placed) {
      await apiSend<ExperienceStateAnswer>('PUT', `/v3/experiences/${id}/trigger/`, {});
    }
    if (placed.length > 0) {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.experiences(placementsKey([placementId])),
      });
    }
  };
}
