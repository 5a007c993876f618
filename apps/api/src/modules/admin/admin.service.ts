// The admin module's rules: an overview of what the product holds, and who the operators are.
// Granting and revoking are audited in the log (who, whom) and never leave the product without
// an operator.
import { AppError } from '@corkboard/shared/app-error';
import type { AdminOverview } from '@corkboard/shared/admin/api';
import type { UserSummary } from '@corkboard/shared/api-types';
import type { AppDeps } from '../../core/app-deps.ts';
import { keysetPage, decodeIdBookmark, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  listOperators,
  lockOperatorIds,
  lockPersonByUsername,
  overviewCounts,
  setAdmin,
  type OverviewCounts,
} from './admin.repository.ts';

/** "New this week" in the overview. */
export const OVERVIEW_RECENT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function adminOverview(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
): Promise<AdminOverview> {
  const counts: OverviewCounts = await overviewCounts(
    deps.db,
    new Date(deps.now().getTime() - OVERVIEW_RECENT_DAYS * DAY_MS),
  );
  return {
    ...counts,
    mail_delivery: deps.config.smtpUrl === undefined ? 'dev_mailbox' : 'smtp',
    production: deps.config.nodeEnv === 'production',
  };
}

export async function operators(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  page: PageRequest,
): Promise<Page<UserSummary>> {
  // Ascending ids: the oldest operators first, so the list reads the same on every visit.
  const afterId = decodeIdBookmark(page.bookmark);
  const rows = await listOperators(deps.db, afterId, page.pageSize);
  return keysetPage(rows, page.pageSize, (row) => serializeUserSummary(deps.storage, row));
}

/** Makes an active person an operator (idempotent). */
export async function grantAdmin(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  username: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const person = await lockPersonByUsername(trx, username);
    if (!person || !person.active) throw new AppError('USER_NOT_FOUND');
    if (!person.is_admin) await setAdmin(trx, person.id, true);
  });
  deps.log.info({ by: viewer.id, username }, 'admin: operator granted');
}

/** Takes operator rights away (idempotent); the last operator cannot be removed. */
export async function revokeAdmin(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  username: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Lock order: every operator row (ascending ids), then nothing else — the person is one of
    // them, or not an operator at all.
    const operatorIds = await lockOperatorIds(trx);
    const person = await lockPersonByUsername(trx, username);
    if (!person) throw new AppError('USER_NOT_FOUND');
    if (!person.is_admin) return;
    if (operatorIds.length <= 1) throw new AppError('ADMIN_LAST_OPERATOR');
    await setAdmin(trx, person.id, false);
  });
  deps.log.info({ by: viewer.id, username }, 'admin: operator revoked');
}
