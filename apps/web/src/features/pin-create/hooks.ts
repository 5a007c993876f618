// The create page's own requests (saving.md §2.1, §7): finding a pinnable image at a link
// (FindPinImagesResource), and registering the image early (PUT /v3/pins/image/) so the server
// fetches it while the person picks a board. Saving itself goes through features/save/hooks.
import type { Pin } from '@corkboard/shared/api-types';
import type { FoundImagesData, ImageIntakeJobData } from '@corkboard/shared/saving/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { PinImageSource } from '../save/saveSource.ts';
import type { CreateQuery } from './createQuery.ts';

/**
 * The pin /pin/{id}/repin/x/ saves, under the closeup's query key (a pin already opened is not
 * fetched again). Not the pin feature's hook: that module brings the grid's list code along.
 */
export function useRepinPin(pinId: string) {
  return useQuery({
    queryKey: queryKeys.pin(pinId),
    queryFn: ({ signal }) => apiGet<Pin>(`/v3/pins/${encodeURIComponent(pinId)}/`, { signal }),
  });
}

/** §2.1 "If the page has a link but an empty image, the product looks for a usable image." */
export function useFoundImages(url: string | null) {
  return useQuery({
    queryKey: queryKeys.foundImages(url ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<FoundImagesData>(
          'FindPinImagesResource',
          { url, scrapeMetric: 'pin_create' },
          signal,
        )
      ).data,
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** How often a registration's status is read while the server works on it. */
export const REGISTRATION_POLL_MS = 1000;
/** Reads at most this many times (the save falls back to image_url meanwhile). */
export const REGISTRATION_MAX_POLLS = 60;

async function registration(imageUrl: string, current: ImageIntakeJobData | undefined) {
  if (!current) {
    return apiSend<ImageIntakeJobData>('PUT', '/v3/pins/image/', { image_url: imageUrl });
  }
  return apiGet<ImageIntakeJobData>(`/v3/pins/image/${encodeURIComponent(current.id)}/`);
}

/**
 * §7 "PUT /v3/pins/image/ … asynchronous, registers the pin image; result not shown": the job
 * is registered once and followed until it ends. The image to save with is the processed upload
 * once it is ready, else the URL (the server then fetches it during the save).
 */
export function useRegisteredImage(
  imageUrl: string | null,
  enabled: boolean,
): PinImageSource | null {
  const query = useQuery({
    queryKey: queryKeys.imageRegistration(imageUrl ?? ''),
    queryFn: ({ client, queryKey }) =>
      registration(imageUrl ?? '', client.getQueryData<ImageIntakeJobData>(queryKey)),
    enabled: enabled && imageUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (current) => {
      const job = current.state.data;
      const working = job?.status === 'pending' || job?.status === 'processing';
      return working && current.state.dataUpdateCount < REGISTRATION_MAX_POLLS
        ? REGISTRATION_POLL_MS
        : false;
    },
  });
  if (!imageUrl) return null;
  const job = query.data;
  if (job?.status === 'succeeded' && job.media_upload_id) {
    return { kind: 'upload', mediaUploadId: job.media_upload_id };
  }
  return { kind: 'url', url: imageUrl };
}

export interface ChosenImage {
  readonly display: string;
  readonly source: PinImageSource;
  readonly link: string | null;
  readonly title: string;
  readonly description: string;
  /** The pinnable images found on the saved page (§2.9: several show as a grid after saving). */
  readonly websiteImages: readonly string[];
}

export type ImageState =
  | { readonly kind: 'ready'; readonly image: ChosenImage }
  | { readonly kind: 'finding' }
  | { readonly kind: 'none'; readonly reason: 'noImage' | 'missingImage' };

const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** The image to save: the media given, else the first pinnable image found at the url (§2.1). */
export function useCreateImage(query: CreateQuery): ImageState {
  const lookForImage = query.media === null && query.url !== null;
  const found = useFoundImages(lookForImage ? query.url : null);
  const httpMedia = query.media !== null && !DATA_URL_PREFIX.test(query.media) ? query.media : null;
  const registered = useRegisteredImage(httpMedia, true);

  if (query.media !== null) {
    const source: PinImageSource = registered ?? {
      kind: 'base64',
      data: query.media.replace(DATA_URL_PREFIX, ''),
    };
    return {
      kind: 'ready',
      image: {
        display: query.media,
        source,
        link: query.url,
        title: '',
        description: query.description,
        websiteImages: [],
      },
    };
  }
  if (!lookForImage) return { kind: 'none', reason: 'missingImage' };
  if (found.isPending) return { kind: 'finding' };
  const first = found.data?.items[0];
  if (!first) return { kind: 'none', reason: 'noImage' };
  return {
    kind: 'ready',
    image: {
      display: first.url,
      source: { kind: 'url', url: first.url },
      link: found.data?.url ?? query.url,
      title: found.data?.title ?? '',
      description: query.description || (found.data?.description ?? ''),
      websiteImages: (found.data?.items ?? [])
        .filter((item) => item.pinnable)
        .map((item) => item.url),
    },
  };
}
