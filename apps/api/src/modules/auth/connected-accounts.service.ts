// /settings/connected/ (issue 9; docs/decisions/149): the Google, Facebook and LINE accounts
// connected to this person (Better Auth accounts), and disconnecting one. An account must keep a
// way in: without a password, the last connected provider cannot be disconnected
// (CONNECTED_ACCOUNT_LAST_WAY_IN) — set a password first. The check and the delete run under a
// lock on the person, so two disconnects at once cannot both pass the check.
import { AppError } from '@corkboard/shared/app-error';
import {
  CONNECTABLE_PROVIDERS,
  type ConnectableProvider,
  type ConnectedAccounts,
} from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findCredentialHash } from './auth.repository.ts';
import {
  checkCurrentPassword,
  reauthenticatedRecently,
  requireSession,
  sessionIsFresh,
} from './settings-rules.ts';
import {
  deleteLinkedAccount,
  listLinkedAccounts,
  lockLinkedAccounts,
} from './settings.repository.ts';

export async function connectedAccounts(deps: AppDeps, viewer: Viewer): Promise<ConnectedAccounts> {
  const { providers, hasPassword } = await listLinkedAccounts(deps.db, viewer.id);
  return {
    has_password: hasPassword,
    accounts: CONNECTABLE_PROVIDERS.map((provider) => {
      const row = providers.find((candidate) => candidate.provider_id === provider);
      return {
        provider,
        connected: row !== undefined,
        connected_at: row ? row.created_at.toISOString() : null,
      };
    }),
  };
}

/**
 * ADR 165: disconnecting is a sensitive change, proven like deactivation (ADR 150) — the password,
 * or without one a session that logged in within the re-auth window.
 */
async function requireReauth(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  password: string | undefined,
): Promise<void> {
  const token = requireSession(sessionToken, viewer);
  const hasPassword = (await findCredentialHash(deps.db, viewer.id)) !== null;
  // The password, or a re-authentication of this session (a passkey among them; ADR 189).
  const proven = hasPassword
    ? password !== undefined && password !== ''
      ? await checkCurrentPassword(deps, viewer.id, password)
      : await reauthenticatedRecently(deps, token)
    : await sessionIsFresh(deps, token);
  if (!proven) {
    throw new AppError('CONNECTED_ACCOUNT_REAUTH_REQUIRED', {
      data: { field: hasPassword ? 'password' : null, has_password: hasPassword },
    });
  }
}

export async function disconnectAccount(
  deps: AppDeps,
  viewer: Viewer,
  provider: ConnectableProvider,
  reauth: { sessionToken: string | null; password?: string | undefined },
): Promise<ConnectedAccounts> {
  await requireReauth(deps, viewer, reauth.sessionToken, reauth.password);
  await deps.db.transaction().execute(async (trx) => {
    await lockLinkedAccounts(trx, viewer.id);
    const { providers, hasPassword } = await listLinkedAccounts(trx, viewer.id);
    if (!providers.some((row) => row.provider_id === provider)) {
      throw new AppError('CONNECTED_ACCOUNT_NOT_FOUND', { data: { provider } });
    }
    // Any other way in (a password, or another provider, SSO included) keeps the account open.
    if (!hasPassword && providers.length <= 1) {
      throw new AppError('CONNECTED_ACCOUNT_LAST_WAY_IN', { data: { provider } });
    }
    await deleteLinkedAccount(trx, viewer.id, provider);
  });
  deps.log.info({ user_id: viewer.id, provider }, 'social account disconnected');
  return connectedAccounts(deps, viewer);
}
