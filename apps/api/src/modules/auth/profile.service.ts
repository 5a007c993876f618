// /settings/profile/ (issue 9; docs/decisions/148): the viewer's name, username, about, website
// and avatar. Usernames follow the sign-up rules (format, reserved words, the product's name,
// unique case-insensitively). An avatar is an image the person uploaded through the media
// pipeline (/v3/media/uploads/, its limits and quota); replacing or removing it releases the old
// image in the same transaction, and its files go after the commit — no orphans (decision 054).
import { AppError } from '@corkboard/shared/app-error';
import type { ProfileSettings, ProfileUpdate } from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import { avatarUrl } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  lockImagesForDelete,
  releaseUnusedImages,
  sweepMediaDeletions,
} from '../media/image-cleanup.service.ts';
import { requireMediaUploadImage } from '../media/image-intake.service.ts';
import {
  deleteOwnUpload,
  findProfile,
  lockProfile,
  updateProfileRow,
  usernameTakenByOther,
  type ProfileRow,
} from './settings.repository.ts';
import { usernameProblem } from './username.ts';

function serializeProfile(deps: AppDeps, row: ProfileRow): ProfileSettings {
  return {
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    about: row.about,
    website_url: row.listed_website_url,
    image_medium_url: avatarUrl(deps.storage, row.avatar_variants) ?? row.image_url,
    email: row.email,
  };
}

export async function profileSettings(deps: AppDeps, viewer: Viewer): Promise<ProfileSettings> {
  const row = await findProfile(deps.db, viewer.id);
  if (!row) throw new AppError('UNAUTHORIZED');
  return serializeProfile(deps, row);
}

/** An http(s) URL (a bare host gets https://), or null to clear; otherwise a 400. */
export function normalizeWebsite(value: string): string | null {
  if (value === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new AppError('PROFILE_WEBSITE_INVALID', { data: { field: 'website_url' } });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) {
    throw new AppError('PROFILE_WEBSITE_INVALID', { data: { field: 'website_url' } });
  }
  return url.toString();
}

async function checkUsername(deps: AppDeps, viewer: Viewer, username: string): Promise<void> {
  const problem = usernameProblem(username);
  if (problem === 'invalid')
    throw new AppError('USERNAME_INVALID', { data: { field: 'username' } });
  if (problem === 'reserved') {
    throw new AppError('USERNAME_RESERVED', { data: { field: 'username' } });
  }
  if (await usernameTakenByOther(deps.db, username, viewer.id)) {
    throw new AppError('USERNAME_TAKEN', { data: { field: 'username' } });
  }
}

export async function updateProfile(
  deps: AppDeps,
  viewer: Viewer,
  input: ProfileUpdate,
): Promise<ProfileSettings> {
  const now = deps.now();
  if (input.username !== undefined) await checkUsername(deps, viewer, input.username);
  const website = input.website_url === undefined ? undefined : normalizeWebsite(input.website_url);
  const uploadId = input.avatar_media_upload_id;
  const newImage =
    typeof uploadId === 'string'
      ? await requireMediaUploadImage(deps.db, viewer.id, uploadId, now)
      : undefined;

  let released: string[];
  try {
    released = await deps.db.transaction().execute(async (trx) => {
      const current = await lockProfile(trx, viewer.id);
      if (!current) throw new AppError('UNAUTHORIZED');
      const old = current.avatar_image_id;
      const replacing = uploadId !== undefined && old !== null && old !== (newImage?.id ?? null);
      if (replacing) await lockImagesForDelete(trx, [old]);
      await updateProfileRow(
        trx,
        viewer.id,
        {
          ...(input.first_name === undefined ? {} : { first_name: input.first_name }),
          ...(input.last_name === undefined ? {} : { last_name: input.last_name }),
          ...(input.username === undefined ? {} : { username: input.username }),
          ...(input.about === undefined ? {} : { about: input.about }),
          ...(website === undefined ? {} : { listed_website_url: website }),
          ...(uploadId === undefined ? {} : { avatar_image_id: newImage?.id ?? null }),
        },
        now,
      );
      // The upload has become the avatar: its row would otherwise hold the image for a day.
      if (typeof uploadId === 'string') await deleteOwnUpload(trx, viewer.id, uploadId);
      return replacing ? releaseUnusedImages(trx, [old], now) : [];
    });
  } catch (error) {
    // Two people saving the same free username at once: the unique index decides.
    if (uniqueViolation(error) !== null) {
      throw new AppError('USERNAME_TAKEN', { data: { field: 'username' } });
    }
    throw error;
  }
  if (released.length > 0) await sweepMediaDeletions(deps, released);
  return profileSettings(deps, viewer);
}
