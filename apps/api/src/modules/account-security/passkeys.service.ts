// Passkeys in the security settings (issue 9; docs/decisions/166): enrolment (options → the
// browser's navigator.credentials.create → verification), the list (name, created, last used),
// rename and removal. Starting an enrolment and removing a passkey need a re-authentication on
// this session within REAUTH_WINDOW_MS, as every other factor change does (security.service.ts).
// A passkey is a second factor like the authenticator app: the first factor a person sets up
// brings the backup codes, and removing the last one turns two-factor off.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { deleteBackupCodes, hasVerifiedSecondFactor } from './account-security.repository.ts';
import { registrationOptions, verifyRegistration } from './passkey-auth.service.ts';
import {
  deletePasskey,
  findPasskeyUserLabel,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  type PasskeyRow,
} from './passkeys.repository.ts';
import { backupCodesForNewFactor, requireRecentReauth } from './security.service.ts';

/** Passkeys one person may register (the list is then one short page). */
export const PASSKEYS_MAX_PER_PERSON = 20;
/** A passkey's name when the person gives none. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';

export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced passkey (multi-device) or bound to one authenticator. */
  synced: boolean;
}

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: String(row.id),
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    synced: row.device_type === 'multiDevice',
  };
}

export async function listViewerPasskeys(
  deps: AppDeps,
  viewer: Viewer,
): Promise<{ passkeys: PasskeyView[]; max: number }> {
  const rows = await listPasskeys(deps.db, viewer.id, PASSKEYS_MAX_PER_PERSON);
  return { passkeys: rows.map(passkeyView), max: PASSKEYS_MAX_PER_PERSON };
}

/** Options for navigator.credentials.create (re-authentication needed). */
export async function startPasskeyEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  const existing = await listPasskeys(deps.db, viewer.id, PASSKEYS_MAX_PER_PERSON);
  if (existing.length >= PASSKEYS_MAX_PER_PERSON) {
    throw new AppError('PASSKEY_LIMIT_REACHED', { data: { max: PASSKEYS_MAX_PER_PERSON } });
  }
  const user = await findPasskeyUserLabel(deps.db, viewer.id);
  const displayName = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return registrationOptions(deps, {
    id: viewer.id,
    username: user.username,
    email: user.email,
    displayName,
  });
}

/** Verifies the browser's answer and stores the passkey; answers backup codes once. */
export async function finishPasskeyEnrolment(
  deps: AppDeps,
  viewer: Viewer,
  input: { name?: string | undefined; response: RegistrationResponseJSON },
): Promise<{ passkey: PasskeyView; backup_codes: string[] | null }> {
  const verified = await verifyRegistration(deps, viewer.id, input.response);
  const row = await insertPasskey(deps.db, {
    userId: viewer.id,
    credentialId: verified.credentialId,
    publicKey: verified.publicKey,
    signCount: verified.signCount,
    transports: verified.transports,
    deviceType: verified.deviceType,
    backedUp: verified.backedUp,
    aaguid: verified.aaguid,
    name: input.name?.trim() || DEFAULT_PASSKEY_NAME,
    now: deps.now(),
    max: PASSKEYS_MAX_PER_PERSON,
  });
  if (row === 'duplicate') throw new AppError('PASSKEY_ALREADY_REGISTERED');
  if (row === 'limit') {
    throw new AppError('PASSKEY_LIMIT_REACHED', { data: { max: PASSKEYS_MAX_PER_PERSON } });
  }
  deps.log.info({ user_id: viewer.id, passkey_id: row.id }, 'passkey added');
  return {
    passkey: passkeyView(row),
    backup_codes: await backupCodesForNewFactor(deps, viewer.id),
  };
}

export async function renameViewerPasskey(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  name: string,
): Promise<PasskeyView> {
  const row = await renamePasskey(deps.db, viewer.id, id, name.trim());
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return passkeyView(row);
}

/** Removes a passkey (re-authentication needed); with no factor left the backup codes go too. */
export async function removeViewerPasskey(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  id: string,
): Promise<{ passkeys: PasskeyView[]; max: number }> {
  await requireRecentReauth(deps, viewer.id, sessionToken);
  if (!(await deletePasskey(deps.db, viewer.id, id))) throw new AppError('PASSKEY_NOT_FOUND');
  deps.log.info({ user_id: viewer.id, passkey_id: id }, 'passkey removed');
  if (!(await hasVerifiedSecondFactor(deps.db, viewer.id))) {
    await deleteBackupCodes(deps.db, viewer.id);
  }
  return listViewerPasskeys(deps, viewer);
}
