// What several settings changes share (docs/decisions/148–150): the per-person budget of
// password checks (a stolen session must not become a password-guessing oracle), checking the
// current password, and "fresh enough" sessions for people without a password.
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { REAUTH_WINDOW_MS } from '../account-security/security.service.ts';
import { findCredentialHash } from './auth.repository.ts';
import { consume } from './limits.ts';
import type { WindowRule } from './rate-limits.repository.ts';
import { sessionCreatedAt } from './settings.repository.ts';

/** Decision (148): password checks from /settings/ per person per hour (right or wrong). */
export const SETTINGS_PASSWORD_CHECK_RULE: WindowRule = { windowMs: 60 * 60_000, max: 10 };

export function settingsPasswordKey(userId: string): string {
  return `settings-password:account:${userId}`;
}

/** Whether `password` is the person's password (false without one); counts against the budget. */
export async function checkCurrentPassword(
  deps: AppDeps,
  userId: string,
  password: string,
): Promise<boolean> {
  await consume(deps.db, settingsPasswordKey(userId), SETTINGS_PASSWORD_CHECK_RULE, deps.now());
  const hash = await findCredentialHash(deps.db, userId);
  if (hash === null) return false;
  const engine = await deps.authEngine.$context;
  return engine.password.verify({ hash, password });
}

/**
 * A session that logged in (or re-authenticated on /settings/security/) within the re-auth
 * window: what a person without a password proves instead of one.
 */
export async function sessionIsFresh(deps: AppDeps, sessionToken: string | null): Promise<boolean> {
  if (!sessionToken) return false;
  const row = await sessionCreatedAt(deps.db, sessionToken);
  if (!row) return false;
  const latest = Math.max(row.created_at.getTime(), row.reauthenticated_at?.getTime() ?? 0);
  return deps.now().getTime() - latest <= REAUTH_WINDOW_MS;
}

/**
 * This session re-authenticated on /settings/security/ (password, code or passkey) within the
 * re-auth window: for a person with a password it stands in for typing it again (ADR 189).
 */
export async function reauthenticatedRecently(
  deps: AppDeps,
  sessionToken: string | null,
): Promise<boolean> {
  if (!sessionToken) return false;
  const at = (await sessionCreatedAt(deps.db, sessionToken))?.reauthenticated_at;
  return at !== null && at !== undefined && deps.now().getTime() - at.getTime() <= REAUTH_WINDOW_MS;
}

/** The viewer must be a signed-in session (the test header has none to act on). */
export function requireSession(sessionToken: string | null, _viewer: Viewer): string {
  if (!sessionToken) throw new AppError('UNAUTHORIZED');
  return sessionToken;
}
