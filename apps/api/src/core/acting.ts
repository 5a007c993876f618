// Acting for an advertiser (saving.md §1, §3, §6; business.md §5): a save or board create may
// carry `advertiser_id`, and any request `orbac_subject_id` (the acting-as subject). There is no
// advertiser or delegation model yet, so the rule is the narrowest one that is still useful
// (docs/decisions/008):
//
// - `advertiser_id` is accepted only when it is the viewer's own id and the viewer is a business
//   account: a business acts for its own advertiser account. Anything else is
//   ADVERTISER_NOT_ALLOWED — never silently ignored, so a client bug cannot save as someone else.
// - `orbac_subject_id` is accepted only when it is the viewer's own id.
//
// When delegated access arrives (business.md "acting as a business profile"), this is the one
// place that learns about it.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { Viewer } from '../plugins/app/viewer.ts';
import { findAccountType } from './acting.repository.ts';

export interface ActingRequest {
  advertiser_id?: string | undefined;
  orbac_subject_id?: string | undefined;
}

export interface Acting {
  /** True when the request acts for an advertiser: protected boards only, no secret, no invites. */
  asAdvertiser: boolean;
}

export async function resolveActing(
  db: Kysely<Database>,
  viewer: Viewer,
  request: ActingRequest,
): Promise<Acting> {
  if (request.orbac_subject_id !== undefined && request.orbac_subject_id !== viewer.id) {
    throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field: 'orbac_subject_id' } });
  }
  if (request.advertiser_id === undefined) return { asAdvertiser: false };
  if (request.advertiser_id !== viewer.id) {
    throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field: 'advertiser_id' } });
  }
  if ((await findAccountType(db, viewer.id)) !== 'business') {
    throw new AppError('ADVERTISER_NOT_ALLOWED', { data: { field: 'advertiser_id' } });
  }
  return { asAdvertiser: true };
}
