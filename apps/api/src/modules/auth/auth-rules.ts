// Helpers the auth services share: captcha checks, loading the signed-in person, the
// resurrection-window rule.
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { AuthUser, CaptchaAction, CaptchaLevel } from '@corkboard/shared/auth/api';
import type { AppDeps } from '../../core/app-deps.ts';
import { RESURRECTION_WINDOW_MS } from '../../plugins/auth/auth-engine.ts';
import { thumbnail } from '../../core/media-urls.ts';
import { fullName } from '../../core/serializers.ts';
import type { AuthRequest } from './auth-context.ts';
import {
  CREDENTIAL_PROVIDER,
  FACEBOOK_PROVIDER,
  findAuthUser,
  GOOGLE_PROVIDER,
  trustDeviceAndFindAuthUser,
  type AccountStatusRow,
  type AuthUserRow,
} from './auth.repository.ts';

/** A deactivated account past the 28-day window is gone: treated as if it did not exist. */
export function isPastResurrection(
  account: Pick<AccountStatusRow, 'deactivated_at'>,
  now: Date,
): boolean {
  return (
    account.deactivated_at !== null &&
    now.getTime() - account.deactivated_at.getTime() > RESURRECTION_WINDOW_MS
  );
}

/**
 * `google` or `facebook` when the account has no password and that provider is how it logs in
 * (Google first when both are connected); undefined when it has a password or neither.
 * `providers`: the account's identities, `credential` only when it holds a password.
 */
export function socialOnlyProvider(
  providers: readonly string[],
): typeof GOOGLE_PROVIDER | typeof FACEBOOK_PROVIDER | undefined {
  if (providers.includes(CREDENTIAL_PROVIDER)) return undefined;
  if (providers.includes(GOOGLE_PROVIDER)) return GOOGLE_PROVIDER;
  if (providers.includes(FACEBOOK_PROVIDER)) return FACEBOOK_PROVIDER;
  return undefined;
}

export function serializeAuthUser(storage: MediaStorage, row: AuthUserRow): AuthUser {
  const avatar =
    row.avatar_variants === null ? row.image_url : thumbnail(storage, row.avatar_variants).url;
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row.first_name, row.last_name, row.username),
    email: row.email,
    image_small_url: avatar,
    image_medium_url: avatar,
    account_type: row.account_type,
    is_partner: row.account_type === 'business',
    country: row.country,
    locale: row.locale,
    has_password: row.providers.includes(CREDENTIAL_PROVIDER),
    connected_to_google: row.providers.includes(GOOGLE_PROVIDER),
    connected_to_facebook: row.providers.includes(FACEBOOK_PROVIDER),
    is_admin: row.is_admin,
  };
}

export async function loadAuthUser(deps: AppDeps, userId: string): Promise<AuthUser | undefined> {
  const row = await findAuthUser(deps.db, userId);
  return row === undefined ? undefined : serializeAuthUser(deps.storage, row);
}

/**
 * Trusts the browser with `deviceId` for the person (docs/decisions/042) and loads them for the
 * log-in's answer, in one statement (ADR 199).
 */
export async function trustDeviceAndLoadAuthUser(
  deps: AppDeps,
  userId: string,
  deviceId: string,
): Promise<AuthUser | undefined> {
  const row = await trustDeviceAndFindAuthUser(deps.db, userId, deviceId, deps.now());
  return row === undefined ? undefined : serializeAuthUser(deps.storage, row);
}

/** Throws AUTH_CAPTCHA_FAILED unless `token` passes for one of `actions` at `level`. */
export async function requireCaptcha(
  deps: AppDeps,
  request: AuthRequest,
  token: string | undefined,
  actions: readonly CaptchaAction[],
  level: CaptchaLevel = 'standard',
): Promise<void> {
  const verdict = await deps.captcha.verifier.verify({
    token,
    actions,
    level,
    remoteIp: request.ip,
    userAgent: request.userAgent,
  });
  if (!verdict.ok) {
    throw new AppError('AUTH_CAPTCHA_FAILED', {
      data: { field: 'captcha', reason: verdict.reason, level },
    });
  }
}
