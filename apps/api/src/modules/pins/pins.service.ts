// Single pins: GET /v3/pins/{id}/ and PinResource get, the pin page's meta, and a visible pin as
// the source of a save or a suggestion. A pin on a board the viewer may not see is
// PIN_NOT_FOUND, exactly like a pin that does not exist. The answer carries the link domain and
// its official user (PinDetail).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { LinkDomain, PinDetail, PinImages, UserSummary } from '@corkboard/shared/api-types';
import { closeupImageSizes } from '@corkboard/shared/layout';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  avatarUrl,
  fullName,
  serializeFor,
  serializePin,
  type SerializeFor,
} from '../../core/serializers.ts';
import {
  absoluteUrl,
  OG_DESCRIPTION_MAX_LENGTH,
  SITE_DESCRIPTION,
  SITE_NAME,
  TITLE_MAX_LENGTH,
  truncate,
  type PageMetaResolver,
} from '../../plugins/app/page-meta.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinEmbedFor } from './pin-embed.ts';
import { findVisiblePinSource, type PinSourceRow } from './pin-source.repository.ts';
import { countPinsOfImage, findVisiblePin, type PinDetailRow } from './pins.repository.ts';

export type { PinSourceRow };

function linkDomain(storage: MediaStorage, row: PinDetailRow): LinkDomain | null {
  if (row.domain === null) return null;
  const username = row.official_user_username;
  return {
    domain: row.domain,
    official_user:
      row.official_user_id === null || username === null
        ? null
        : {
            id: row.official_user_id,
            username,
            full_name: fullName(
              row.official_user_first_name ?? '',
              row.official_user_last_name ?? '',
              username,
            ),
            image_medium_url: avatarUrl(storage, row.official_user_avatar_variants),
            followed_by_me: row.official_user_followed_by_me,
          },
  };
}

function viaPinner(storage: MediaStorage, row: PinDetailRow): UserSummary | null {
  const username = row.via_pinner_username;
  if (row.via_pinner_id === null || username === null) return null;
  return {
    id: row.via_pinner_id,
    username,
    full_name: fullName(row.via_pinner_first_name ?? '', row.via_pinner_last_name ?? '', username),
    image_medium_url: avatarUrl(storage, row.via_pinner_avatar_variants),
  };
}

/**
 * GET /v3/pins/{id}/ and PinResource get: the pin plus its link domain's official user, its
 * promotion state, the pinner it was saved from and its video player (docs/decisions/132).
 */
export function serializePinDetail(
  storage: MediaStorage,
  row: PinDetailRow,
  as: SerializeFor = { signedIn: true },
): PinDetail {
  return {
    ...serializePin(storage, row, as),
    link_domain: linkDomain(storage, row),
    board_access: row.board_writable ? ['read', 'write'] : ['read'],
    is_promoted: row.is_promoted,
    // Its board's writers may delete a promoted pin (its ads end with it); nobody can hide one yet.
    promoted_is_removable: row.is_promoted && row.board_writable,
    via_pinner: viaPinner(storage, row),
    embed: pinEmbedFor(row.link),
  };
}

export async function getPin(
  deps: AppDeps,
  viewer: Viewer | null,
  pinId: string,
  options: { aggregateSaves?: boolean } = {},
): Promise<PinDetail> {
  const row = await findVisiblePin(deps.db, viewer, pinId, deps.now());
  if (!row) throw new AppError('PIN_NOT_FOUND');
  const detail = serializePinDetail(deps.storage, row, serializeFor(viewer));
  if (!options.aggregateSaves) return detail;
  const saves = await countPinsOfImage(deps.db, pinId);
  return { ...detail, aggregated_pin_data: { aggregated_stats: { saves } } };
}

/**
 * A pin the viewer may see, as the source of a save (its image and text) or of suggestions (the
 * picker's shortlist, board titles, related boards); undefined when missing or invisible.
 */
export async function visiblePinSource(
  db: Kysely<Database>,
  viewer: Viewer | null,
  pinId: string,
): Promise<PinSourceRow | undefined> {
  return findVisiblePinSource(db, viewer, pinId);
}

/**
 * The WebP srcset the closeup's <picture> offers: ui/PinImage.tsx srcSetFor over ['736x', '474x'],
 * in that order, so that a small original repeated in both keeps the same (736x) URL.
 */
function closeupSrcSet(images: PinImages): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const variant of [images['736x'], images['474x']]) {
    if (seen.has(variant.width)) continue;
    seen.add(variant.width);
    entries.push(`${variant.webp_url} ${variant.width}w`);
  }
  return entries.join(', ');
}

const PIN_PATH = /^\/pin\/([1-9][0-9]{0,18})\/?$/;
const INT8_MAX = 9223372036854775807n;

/** `/pin/<id>/`: the pin's title, description and image. */
export function pinPageMeta(deps: AppDeps): PageMetaResolver {
  return async (pathname, viewer) => {
    const id = PIN_PATH.exec(pathname)?.[1];
    if (id === undefined) return undefined;
    if (BigInt(id) > INT8_MAX) return null;
    const row = await findVisiblePin(deps.db, viewer, id, deps.now());
    if (!row) return null;
    const pin = serializePinDetail(deps.storage, row);
    const heading = truncate(pin.title.trim() || pin.description || 'Pin', TITLE_MAX_LENGTH);
    return {
      title: `${heading} · ${SITE_NAME}`,
      heading,
      description: truncate(
        pin.description || pin.title || SITE_DESCRIPTION,
        OG_DESCRIPTION_MAX_LENGTH,
      ),
      url: `${deps.publicUrl}/pin/${pin.id}/`,
      image: absoluteUrl(deps.publicUrl, pin.images['736x'].url),
      type: 'article',
      page: 'pin',
      // The closeup's image (PinPage: 474x and 736x, WebP first) is the page's largest paint.
      preloadImage: {
        srcset: closeupSrcSet(pin.images),
        sizes: closeupImageSizes(pin.images.orig),
        type: 'image/webp',
      },
      // For a visitor, the closeup's answer comes in the HTML (docs/decisions/207): the first
      // render draws the pin instead of a loading state.
      visitorAnswers: [`/v3/pins/${pin.id}/`],
    };
  };
}
