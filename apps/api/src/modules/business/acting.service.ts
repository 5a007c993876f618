// Acting for a business (business.md §4.2, §6; saving.md §1, §2.6, §3, §6; docs/decisions/101).
// A save, a board create, the pickers and the pin and board reads may carry `advertiser_id` (an
// ad account) and `orbac_subject_id` (the business profile acted as):
//
// - Neither, or `orbac_subject_id` equal to the viewer: the viewer acts as themself.
// - `orbac_subject_id` of another profile: the viewer must have access to it (membership) and
//   acting must apply — OWNER, or the MFA requirement (business.service.ts meetsMfaRequirement).
// - `advertiser_id`: the ad account must belong to the viewer's own business or to a profile the
//   viewer may act for (same rule); when both are sent they must name the same profile.
// - No access: ADVERTISER_NOT_ALLOWED (data.field). Access without OWNER or MFA:
//   BUSINESS_ACTING_MFA_REQUIRED. Never silently ignored, so a client bug cannot act as someone.
//
// Acting for an advertiser means: the subject's boards and pins are the ones used, boards are
// protected only, new boards are protected and never secret, and there are no collaborator
// invitations (the subject's protected boards refuse them; the viewer owns none of its boards).
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findAdAccount, permissionsOn } from './business.repository.ts';
import { mayActFor } from './business.service.ts';

export interface ActingRequest {
  advertiser_id?: string | undefined;
  orbac_subject_id?: string | undefined;
}

export interface Acting {
  /** True when the request acts for an advertiser: protected boards only, no secret, no invites. */
  asAdvertiser: boolean;
  /** Whose boards and pins the request works with: the viewer, or the business acted for. */
  subject: Viewer;
}

async function requireActingRights(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  profileId: string,
  field: 'advertiser_id' | 'orbac_subject_id',
): Promise<void> {
  const permissions = await permissionsOn(deps.db, profileId, viewer.id);
  if (!permissions) throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field } });
  if (!(await mayActFor(deps, viewer.id, permissions))) {
    throw new AppError('BUSINESS_ACTING_MFA_REQUIRED', { data: { field } });
  }
}

export async function resolveActing(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  request: ActingRequest,
): Promise<Acting> {
  const orbac = request.orbac_subject_id;
  let subjectId = viewer.id;
  let asAdvertiser = false;
  if (orbac !== undefined && orbac !== viewer.id) {
    await requireActingRights(deps, viewer, orbac, 'orbac_subject_id');
    subjectId = orbac;
    asAdvertiser = true;
  }
  if (request.advertiser_id !== undefined) {
    const account = await findAdAccount(deps.db, request.advertiser_id);
    if (!account)
      throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field: 'advertiser_id' } });
    if (orbac !== undefined && account.profile_id !== subjectId) {
      throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field: 'advertiser_id' } });
    }
    if (account.profile_id !== viewer.id) {
      await requireActingRights(deps, viewer, account.profile_id, 'advertiser_id');
    }
    subjectId = account.profile_id;
    asAdvertiser = true;
  }
  return { asAdvertiser, subject: subjectId === viewer.id ? viewer : { id: subjectId } };
}
