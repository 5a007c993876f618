// /settings/connected/ (issue 9; docs/decisions/149, 165, 188): the Google, Facebook and LINE
// accounts connected to this person (Better Auth accounts), connecting one and disconnecting one.
// An account must keep a way in: without a password, the last connected provider cannot be
// disconnected (CONNECTED_ACCOUNT_LAST_WAY_IN) — set a password first. The check and the delete
// run under a lock on the person, so two disconnects at once cannot both pass the check.
// Connecting proves the provider account with the log-in's own verifiers (the social module's
// connect kinds, handed over in AppDeps) and adds the row under the same lock.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import {
  CONNECTABLE_PROVIDERS,
  type ConnectableProvider,
  type ConnectedAccounts,
  type ConnectRequest,
} from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import { findUserByIdentity } from '../../core/identity.repository.ts';
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
  insertLinkedAccount,
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
 * or without one a session that logged in within the re-auth window. ADR 188: connecting too.
 */
async function requireReauth(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  password: string | undefined,
  refusal: 'CONNECTED_ACCOUNT_REAUTH_REQUIRED' | 'CONNECT_ACCOUNT_REAUTH_REQUIRED',
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
    throw new AppError(refusal, {
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
  await requireReauth(
    deps,
    viewer,
    reauth.sessionToken,
    reauth.password,
    'CONNECTED_ACCOUNT_REAUTH_REQUIRED',
  );
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

/**
 * ADR 188: connects a provider account to the signed-in person. Order: re-authentication (before
 * the token, so a wrong password leaves the token good for the retry), the provider's own
 * verification (as its log-in), the conflicts (refused before the token is used up), then the
 * token is used and the row added under the person's lock, where the conflicts are checked again.
 * The same provider account again is a success that changes nothing (a double click, a retry).
 */
export async function connectAccount(
  deps: AppDeps,
  request: FastifyRequest,
  viewer: Viewer,
  provider: ConnectableProvider,
  input: ConnectRequest & { sessionToken: string | null },
): Promise<ConnectedAccounts> {
  const kind = deps.credentialKinds.connect.find((candidate) => candidate.provider === provider);
  if (!kind) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', { data: { provider } });
  await requireReauth(
    deps,
    viewer,
    input.sessionToken,
    input.password,
    'CONNECT_ACCOUNT_REAUTH_REQUIRED',
  );
  const identity = await kind.verify(deps, request, {
    credential: input.credential,
    facebookId: input.facebook_id,
  });
  const conflict = async (db: AppDeps['db']): Promise<'mine' | null> => {
    const owner = await findUserByIdentity(db, identity.providerId, identity.accountId);
    if (owner === viewer.id) return 'mine';
    if (owner !== undefined) {
      throw new AppError('CONNECTED_ACCOUNT_LINKED_ELSEWHERE', { data: { provider } });
    }
    const { providers } = await listLinkedAccounts(db, viewer.id);
    if (providers.some((row) => row.provider_id === identity.providerId)) {
      throw new AppError('CONNECTED_ACCOUNT_PROVIDER_TAKEN', { data: { provider } });
    }
    return null;
  };
  const already = (await conflict(deps.db)) === 'mine';
  // Every accepted token is used up, the idempotent answer's too: an ID token connects once.
  await identity.consume();
  if (!already) {
    await deps.db.transaction().execute(async (trx) => {
      await lockLinkedAccounts(trx, viewer.id);
      if ((await conflict(trx)) === 'mine') return;
      const inserted = await insertLinkedAccount(trx, {
        userId: viewer.id,
        providerId: identity.providerId,
        accountId: identity.accountId,
        now: deps.now(),
      });
      // Someone connected the same provider account between the check and the insert.
      if (!inserted)
        throw new AppError('CONNECTED_ACCOUNT_LINKED_ELSEWHERE', { data: { provider } });
    });
    deps.log.info({ user_id: viewer.id, provider }, 'social account connected');
  }
  return connectedAccounts(deps, viewer);
}
