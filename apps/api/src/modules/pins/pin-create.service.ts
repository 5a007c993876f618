// PinResource create and RepinResource create (saving.md §3 "Pin create request", §7;
// docs/decisions/008).
//
// - The target board must be one the viewer can save to (owner or accepted collaborator:
//   BOARD_NOT_FOUND when they cannot even see it, BOARD_NOT_WRITABLE when they can only look);
//   the section must belong to that board (SECTION_NOT_FOUND).
// - Acting for an advertiser (advertiser_id, see business/acting.service.ts) saves as the business
//   acted for (its boards, its pins) and to protected boards only.
// - PinResource takes exactly one image: image_base64 (≤ 32 MiB decoded), image_url (fetched
//   with the SSRF-safe client) or media_upload_id (the viewer's own upload). RepinResource takes
//   pin_id of a pin the viewer can see and shares its image (repin_of_id set).
// - Already saved: when the viewer already has this image (a repin of the same pin included) on
//   a board they can save to, the pin is still saved — as Pinterest does — and the answer names
//   that earlier board in `already_saved` so the client shows 'Psst! You already saved this Pin
//   to {board_name}.'.
// - share_facebook / share_twitter are ignored for secret boards (shareFlagsForBoard); nothing
//   is posted anywhere: there is no outside service to post to.
// The pin, its image row, its hashtags and every counter (board, section, pinner) change in one
// transaction.
import type { Kysely } from 'kysely';
import type { BoardPrivacyColumn, Database, ImageRow } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { SavedPin } from '@corkboard/shared/saving/api';
import {
  reportedCreateMethod,
  shareFlagsForBoard,
  type PinCreateMethod,
} from '@corkboard/shared/saving/schemas';
import type { AppDeps } from '../../core/app-deps.ts';
import { requireWritableBoard } from '../../core/board-access.ts';
import { serializePin } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  decodeBase64Image,
  fetchImageBytes,
  findImage,
  persistIncomingImage,
  requireMediaUploadImage,
  takeInBytes,
  type IncomingImage,
} from '../media/image-intake.service.ts';
import { setPinHashtags } from '../hashtags/hashtags.service.ts';
import { resolveActing, type Acting } from '../business/acting.service.ts';
import { promotableFor } from '../business/business.service.ts';
import { requireSectionOfBoard } from '../sections/sections.service.ts';
import { fetchPageProduct, type PageProduct } from './page-product.ts';
import {
  copyPinProduct,
  findAlreadySaved,
  findSavedPin,
  insertPinProduct,
  insertPinWithCounters,
} from './pin-create.repository.ts';
import { findVisiblePinSource } from './pin-source.repository.ts';
import type { PinCreateOptions, RepinCreateOptions } from './pins.schemas.ts';
import type { AppConfig } from '../../config/config.ts';

/** A repin that was saved, as ad delivery hears of it (issue 11; docs/decisions/184). */
export interface PinRepinned {
  viewer: Viewer;
  pinId: string;
  repinOfId: string;
  /** The save's clientTrackingParams (a promoted pin's, when saved from its paid slot). */
  trackingParams: string | undefined;
}
export type PinRepinnedListener = (event: PinRepinned) => Promise<unknown>;

// Per app (keyed by its config object, like offsite's ad-click listeners), so test apps never
// share them.
const repinListeners = new WeakMap<AppConfig, PinRepinnedListener[]>();

/**
 * Ad delivery learns of saves of promoted pins here rather than pins knowing about ads: the
 * listener runs after the save committed; its failure is logged, never the saver's problem.
 */
export function onPinRepinned(deps: Pick<AppDeps, 'config'>, listener: PinRepinnedListener): void {
  repinListeners.set(deps.config, [...(repinListeners.get(deps.config) ?? []), listener]);
}

interface Target {
  boardId: string;
  sectionId: string | null;
}

interface CheckedTarget {
  board: { id: string; name: string; privacy: BoardPrivacyColumn };
  sectionId: string | null;
}

/** Where the pin goes, checked (see the file comment). `db` may be a transaction. */
async function checkTarget(
  db: Kysely<Database>,
  target: Target,
  acting: Acting,
): Promise<CheckedTarget> {
  const board = await requireWritableBoard(db, acting.subject, target.boardId);
  if (acting.asAdvertiser && board.privacy !== 'protected') {
    throw new AppError('ADVERTISER_BOARD_NOT_PROTECTED', { data: { field: 'board_id' } });
  }
  if (target.sectionId !== null) await requireSectionOfBoard(db, board.id, target.sectionId);
  return { board, sectionId: target.sectionId };
}

/** The link's host as pins show it: lower case, without `www.`. */
export function linkDomain(link: string | null): string | null {
  if (link === null) return null;
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

interface SaveRequest {
  target: Target;
  acting: Acting;
  image: IncomingImage;
  title: string;
  description: string;
  link: string | null;
  repinOfId: string | null;
  method: PinCreateMethod;
  guid: string | undefined;
  share: { share_facebook: boolean; share_twitter: boolean };
  /**
   * The product offer the pin carries (docs/decisions/074): read from the page of a pin saved
   * from a URL, or the offer of the pin repinned to the same link.
   */
  product: { kind: 'page'; offer: PageProduct } | { kind: 'copy'; fromPinId: string } | null;
}

async function savePin(deps: AppDeps, viewer: Viewer, request: SaveRequest): Promise<SavedPin> {
  const saved = await deps.db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: access may have changed while the image was worked on.
    const { board, sectionId } = await checkTarget(trx, request.target, request.acting);
    const image: ImageRow = await persistIncomingImage(trx, request.image);
    const saver = request.acting.subject;
    const alreadySaved = await findAlreadySaved(trx, saver.id, image.id);
    const pin = await insertPinWithCounters(trx, {
      pinnerId: saver.id,
      boardId: board.id,
      sectionId,
      imageId: image.id,
      title: request.title,
      description: request.description,
      link: request.link,
      domain: linkDomain(request.link),
      dominantColor: image.dominant_color,
      repinOfId: request.repinOfId,
      now: deps.now(),
    });
    // A buyable pin's offer is part of the pin: written in the same transaction.
    if (request.product?.kind === 'page') {
      await insertPinProduct(trx, pin.id, request.product.offer, deps.now());
    } else if (request.product?.kind === 'copy') {
      await copyPinProduct(trx, request.product.fromPinId, pin.id);
    }
    // The tags of the description, stored with the pin (saving.md §5; docs/decisions/060).
    await setPinHashtags(
      trx,
      deps.log,
      {
        id: pin.id,
        description: request.description,
        source: request.repinOfId === null ? 'create' : 'repin',
      },
      deps.now(),
    );
    return { pin, alreadySaved, board };
  });
  const shared = shareFlagsForBoard(saved.board.privacy, request.share);
  deps.log.debug(
    { pin_id: saved.pin.id, method: request.method, shared },
    request.repinOfId === null ? 'pin created' : 'pin repinned',
  );
  const row = await findSavedPin(deps.db, saved.pin.id);
  if (!row) throw new Error(`pin ${saved.pin.id} vanished after its insert`);
  return {
    ...serializePin(deps.storage, row),
    repin_of_id: request.repinOfId,
    already_saved: saved.alreadySaved,
    is_first_save: saved.pin.isFirstSave,
    reported_method: reportedCreateMethod(request.method, request.guid),
    // business.md §5.1, decided on the server (docs/decisions/102).
    is_promotable: await promotableFor(
      deps,
      viewer.id,
      {
        pinner_id: request.acting.subject.id,
        link: request.link,
        board_privacy: saved.board.privacy,
      },
      request.acting.asAdvertiser,
    ),
  };
}

/** PinResource create. */
export async function createPin(
  deps: AppDeps,
  viewer: Viewer,
  options: PinCreateOptions,
): Promise<SavedPin> {
  const acting = await resolveActing(deps, viewer, options);
  const target: Target = { boardId: options.board_id, sectionId: options.section ?? null };
  // Cheap checks before the expensive image work, so nobody can make us fetch and resize
  // images for a board they cannot save to.
  await checkTarget(deps.db, target, acting);

  let image: IncomingImage;
  if (options.media_upload_id !== undefined) {
    image = {
      kind: 'existing',
      row: await requireMediaUploadImage(deps.db, viewer.id, options.media_upload_id, deps.now()),
    };
  } else if (options.image_base64 !== undefined) {
    image = await takeInBytes(deps, decodeBase64Image(options.image_base64), acting.subject.id);
  } else if (options.image_url !== undefined) {
    const bytes = await fetchImageBytes(deps.fetcher, options.image_url);
    image = await takeInBytes(deps, bytes, acting.subject.id);
  } else {
    // pinCreateOptionsSchema guarantees exactly one source.
    throw new AppError('VALIDATION_FAILED');
  }

  // Saved from a URL (an image from the web and the page it came from): the page may state an
  // offer in its structured data. Read before the transaction; never fails the save.
  const offer =
    options.image_url !== undefined && options.link
      ? await fetchPageProduct(deps.fetcher, options.link)
      : null;

  return savePin(deps, viewer, {
    target,
    acting,
    image,
    product: offer ? { kind: 'page', offer } : null,
    title: options.title,
    description: options.description,
    link: options.link ?? null,
    repinOfId: null,
    method: options.method,
    guid: options.guid,
    share: { share_facebook: options.share_facebook, share_twitter: options.share_twitter },
  });
}

/** RepinResource create. */
export async function createRepin(
  deps: AppDeps,
  viewer: Viewer,
  options: RepinCreateOptions,
): Promise<SavedPin> {
  const acting = await resolveActing(deps, viewer, options);
  const source = await findVisiblePinSource(deps.db, viewer, options.pin_id);
  if (!source) throw new AppError('PIN_NOT_FOUND', { data: { field: 'pin_id' } });
  const target: Target = { boardId: options.board_id, sectionId: options.section ?? null };
  await checkTarget(deps.db, target, acting);
  const imageRow = await findImage(deps.db, source.image_id);

  const saved = await savePin(deps, viewer, {
    target,
    acting,
    image: { kind: 'existing', row: imageRow },
    product:
      (options.link ?? source.link) === source.link ? { kind: 'copy', fromPinId: source.id } : null,
    // The saver may retitle; what they leave empty comes from the pin they save.
    title: options.title === '' ? source.title : options.title,
    description: options.description === '' ? source.description : options.description,
    link: options.link ?? source.link,
    repinOfId: source.id,
    method: options.method,
    guid: options.guid,
    share: { share_facebook: options.share_facebook, share_twitter: options.share_twitter },
  });
  const event = {
    viewer,
    pinId: saved.id,
    repinOfId: source.id,
    trackingParams: options.clientTrackingParams,
  };
  for (const listener of repinListeners.get(deps.config) ?? []) {
    await listener(event).catch((error: unknown) => {
      deps.log.error({ err: error }, 'pins: repin listener failed');
    });
  }
  return saved;
}
