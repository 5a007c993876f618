// What a save sends (saving.md §3, §7): an existing pin (RepinResource) or a new one
// (PinResource), its request options and its client-log events, as pure functions.
import type { Pin } from '@corkboard/shared/api-types';
import type { ClientLogEvent, PickerBoardItem } from '@corkboard/shared/saving/api';
import type {
  PinCreateOptionsInput,
  RepinCreateOptionsInput,
} from '@corkboard/shared/saving/schemas';
import { ApiError } from '../../api/client.ts';
import type { PickerPinContext } from '../boards/hooks.ts';
import { shareFlags } from './shareFlags.ts';

/** Where a new pin's image comes from (exactly one, §3). */
export type PinImageSource =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'base64'; readonly data: string }
  | { readonly kind: 'upload'; readonly mediaUploadId: string };

/** What is being saved: an existing pin (RepinResource) or a new one (PinResource). */
export type SaveSource =
  | { readonly kind: 'repin'; readonly pin: Pin }
  | {
      readonly kind: 'create';
      readonly method: 'bookmarklet' | 'create';
      readonly image: PinImageSource;
      readonly link: string | null;
      readonly title: string;
      readonly description: string;
      readonly color: string | null;
      readonly guid: string | null;
      /** The create page's query, logged with pin_create_success (§7). */
      readonly query: Readonly<Record<string, string>>;
    };

export interface SaveRequestTarget {
  readonly board: Pick<PickerBoardItem, 'id' | 'privacy'>;
  readonly sectionId: string | null;
}

/** What the board picker is told about the pin being saved (the shortlist's "relevant" pick). */
export function pickerContextOf(source: SaveSource): PickerPinContext {
  if (source.kind === 'repin') return { pinId: source.pin.id };
  return {
    title: source.title || undefined,
    description: source.description || undefined,
    link: source.link ?? undefined,
  };
}

/** §7 client log limits (CLIENT_LOG_QUERY_* in the shared API). */
const LOG_QUERY_MAX_KEYS = 20;
const LOG_QUERY_MAX_KEY_LENGTH = 64;
const LOG_QUERY_MAX_VALUE_LENGTH = 2048;

function loggableQuery(query: Readonly<Record<string, string>>): Record<string, string> {
  const entries = Object.entries(query)
    .filter(([key]) => key.length <= LOG_QUERY_MAX_KEY_LENGTH)
    .slice(0, LOG_QUERY_MAX_KEYS)
    .map(([key, value]) => [key, value.slice(0, LOG_QUERY_MAX_VALUE_LENGTH)] as const);
  return Object.fromEntries(entries);
}

/**
 * §7 "A logging image request … with client web, event pin_create_success or pin_create_fail,
 * pin_id, path (method) and the query (success only when a guid exists)", sent to our own
 * client log endpoint (no outside host). Fire and forget: logging never blocks or fails a save.
 */
export function pinLogEvent(
  source: SaveSource,
  outcome: { readonly pinId: string } | { readonly error: unknown },
): ClientLogEvent | null {
  const path = source.kind === 'repin' ? 'repin' : source.method;
  const guid = source.kind === 'create' ? source.guid : null;
  if ('pinId' in outcome) {
    if (!guid || source.kind !== 'create') return null;
    return {
      event: 'pin_create_success',
      client: 'web',
      pin_id: outcome.pinId,
      path,
      guid,
      query: loggableQuery(source.query),
    };
  }
  return {
    event: 'pin_create_fail',
    client: 'web',
    path,
    ...(guid ? { guid } : {}),
    ...(outcome.error instanceof ApiError ? { error_code: outcome.error.code } : {}),
    ...(source.kind === 'create' ? { query: loggableQuery(source.query) } : {}),
  };
}

/** The resource a save posts to and its options. */
export function saveRequest(
  source: SaveSource,
  target: SaveRequestTarget,
): { path: string; options: PinCreateOptionsInput | RepinCreateOptionsInput } {
  const common = {
    board_id: target.board.id,
    ...(target.sectionId ? { section: target.sectionId } : {}),
    // §3: share flags only for boards that are not secret; nothing is posted anywhere.
    ...shareFlags(target.board.privacy),
  };
  if (source.kind === 'repin') {
    return {
      path: '/resource/RepinResource/create/',
      options: {
        ...common,
        pin_id: source.pin.id,
        // A save from a promoted pin's paid slot names its ad: a paid save (docs/decisions/184).
        ...(source.pin.is_promoted === true && source.pin.tracking_params !== undefined
          ? { clientTrackingParams: source.pin.tracking_params }
          : {}),
      },
    };
  }
  const image =
    source.image.kind === 'url'
      ? { image_url: source.image.url }
      : source.image.kind === 'base64'
        ? { image_base64: source.image.data }
        : { media_upload_id: source.image.mediaUploadId };
  return {
    path: '/resource/PinResource/create/',
    options: {
      ...common,
      ...image,
      method: source.method,
      description: source.description,
      title: source.title,
      is_buyable_pin: false,
      ...(source.link ? { link: source.link } : {}),
      ...(source.color ? { color: source.color } : {}),
      ...(source.guid ? { guid: source.guid } : {}),
    },
  };
}
