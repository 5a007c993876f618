// Deactivating an account (issue 9; docs/decisions/150). The person proves it is them (their
// password, or — without one — a session that logged in within the re-auth window); every
// session ends and they are hidden at once (profile, boards and pins answer as if they did not
// exist: core/visibility.repository.ts, users.repository.ts). Logging in within
// RESURRECTION_WINDOW_DAYS (28, auth.md §4) brings the account back (auth-engine.ts session
// hook). After that the `account-purge` job deletes the person's data and the media only they
// used — rows in one transaction, files after the commit (decision 054) — so nothing is orphaned.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { RESURRECTION_WINDOW_MS, type DeactivationAnswer } from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  lockImagesForDelete,
  releaseUnusedImages,
  sweepMediaDeletions,
} from '../media/image-cleanup.service.ts';
import { deactivateAccount } from './account-status.service.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { findCredentialHash } from './auth.repository.ts';
import { logoutAccount } from './account-switching.service.ts';
import { logout } from './auth.service.ts';
import {
  deleteDeactivatedUser,
  findExpiredDeactivations,
  imagesOfPerson,
} from './settings.repository.ts';
import {
  checkCurrentPassword,
  reauthenticatedRecently,
  requireSession,
  sessionIsFresh,
} from './settings-rules.ts';

export const ACCOUNT_PURGE_JOB = 'account-purge';
/** Decision (150): hourly, at minute 17 (away from the media GC's hour marks). */
export const ACCOUNT_PURGE_CRON = '17 * * * *';
/** Accounts one run deletes at most (the rest wait for the next hour). */
export const ACCOUNT_PURGE_BATCH = 50;

export async function deactivate(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  viewer: Viewer,
  input: { password?: string | undefined },
): Promise<DeactivationAnswer> {
  const token = requireSession(request.sessionToken, viewer);
  const hasPassword = (await findCredentialHash(deps.db, viewer.id)) !== null;
  // The password, or a re-authentication of this session (a passkey among them; ADR 189).
  const proven = hasPassword
    ? input.password !== undefined && input.password !== ''
      ? await checkCurrentPassword(deps, viewer.id, input.password)
      : await reauthenticatedRecently(deps, token)
    : await sessionIsFresh(deps, token);
  if (!proven) {
    throw new AppError('DEACTIVATE_REAUTH_REQUIRED', {
      data: { field: hasPassword ? 'password' : null, has_password: hasPassword },
    });
  }
  const now = deps.now();
  // Sign this browser out of this account first (the engine clears its cookie and makes another
  // held account active, if any), then end every session of the account everywhere.
  const { active } = await signOutOfAccount(deps, request, effects, viewer.id);
  await deactivateAccount(deps.db, viewer.id, now);
  deps.log.info({ user_id: viewer.id }, 'account deactivated');
  return {
    resurrect_until: new Date(now.getTime() + RESURRECTION_WINDOW_MS).toISOString(),
    active,
  };
}

/**
 * Logs this browser out of one account it holds, keeping the others (ADR 161). A session the
 * switcher does not list (none should exist) falls back to the plain log-out of this browser.
 */
async function signOutOfAccount(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  userId: string,
): Promise<Pick<DeactivationAnswer, 'active'>> {
  try {
    return await logoutAccount(deps, request, effects, userId);
  } catch (error) {
    if (!(error instanceof AppError) || error.codeName !== 'ACCOUNT_SWITCH_NOT_HELD') throw error;
    await logout(deps, request, effects);
    return { active: null };
  }
}

/** Deletes every account deactivated longer than the window ago (a batch); answers how many. */
export async function purgeExpiredAccounts(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now' | 'log'>,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - RESURRECTION_WINDOW_MS);
  const ids = await findExpiredDeactivations(deps.db, cutoff, ACCOUNT_PURGE_BATCH);
  let purged = 0;
  for (const userId of ids) {
    const released = await deps.db.transaction().execute(async (trx) => {
      const images = await imagesOfPerson(trx, userId);
      await lockImagesForDelete(trx, images);
      // Still deactivated and past the window (a login in the meantime brought it back)?
      if (!(await deleteDeactivatedUser(trx, userId, cutoff))) return null;
      return releaseUnusedImages(trx, images, deps.now());
    });
    if (released === null) continue;
    purged += 1;
    if (released.length > 0) await sweepMediaDeletions(deps, released);
  }
  if (purged > 0) deps.log.info({ purged }, 'deactivated accounts deleted');
  return purged;
}

export function defineAccountPurgeJob(deps: AppDeps): void {
  deps.jobs.define({
    name: ACCOUNT_PURGE_JOB,
    data: z.unknown(),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 15 * 60,
    expireInSeconds: 30 * 60,
    concurrency: 1,
    cron: ACCOUNT_PURGE_CRON,
    run: async () => {
      await purgeExpiredAccounts(deps);
    },
  });
}
