// Account switching (auth.md §2 "/add-account", §3 "Stored account-switcher user" and login
// method 7 "switch account"; docs/decisions/161). A browser logs in to several accounts through
// the add-account page (a login with `isAccountSwitch`), each kept in its own signed HttpOnly
// cookie by Better Auth's multi-session plugin. Everything here goes through the server-only
// held-sessions endpoints (plugins/auth/held-sessions-plugin.ts), which read those cookies
// themselves: an account is named by its user id, but only a session this browser really holds
// can be switched to or logged out of, and no session token ever reaches page script.
import { APIError } from 'better-auth';
import { AppError } from '@corkboard/shared/app-error';
import {
  MAX_SWITCH_ACCOUNTS,
  type AccountLogoutResult,
  type SwitchAccountResult,
  type SwitcherAccount,
  type SwitcherAccounts,
} from '@corkboard/shared/auth/account-switching';
import type { AppDeps } from '../../core/app-deps.ts';
import { thumbnail, imageVariants } from '../../core/media-urls.ts';
import { fullName } from '../../core/serializers.ts';
import { NOT_HELD_ERROR, type HeldAccount } from '../../plugins/auth/held-sessions-plugin.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { LOGIN_METHOD_CODES } from './login-method-codes.ts';
import { findSwitcherRows, type SwitcherRow } from './account-switching.repository.ts';

function isNotHeld(error: unknown): boolean {
  return error instanceof APIError && error.body?.code === NOT_HELD_ERROR;
}

/**
 * One of the engine's held-account endpoints (switch to, log out of): an account this browser
 * does not hold is ACCOUNT_SWITCH_NOT_HELD; the engine's cookies go out with the answer, and the
 * CSRF token turns with the session.
 */
async function onHeldAccount<Result extends { headers: Headers }>(
  effects: AuthEffects,
  call: () => Promise<Result>,
): Promise<Result> {
  let result: Result;
  try {
    result = await call();
  } catch (error) {
    if (isNotHeld(error)) throw new AppError('ACCOUNT_SWITCH_NOT_HELD');
    throw error;
  }
  effects.appendSetCookies(result.headers.getSetCookie());
  effects.rotateCsrf();
  return result;
}

/** A person who may not be switched to now: suspended, protected or deactivated. */
function blocked(row: SwitcherRow): boolean {
  return row.suspended_at !== null || row.soft_banned_at !== null || row.deactivated_at !== null;
}

function serializeSwitcher(deps: AppDeps, row: SwitcherRow, active: boolean): SwitcherAccount {
  const medium =
    row.avatar_variants === null ? row.image_url : thumbnail(deps.storage, row.avatar_variants).url;
  const large =
    row.avatar_variants === null
      ? row.image_url
      : imageVariants(deps.storage, row.avatar_variants)['736x'].url;
  const account: SwitcherAccount = {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: fullName(row.first_name, row.last_name, row.username),
    imageMediumUrl: medium,
    imageLargeUrl: large,
    active,
  };
  // ADR 161: `is_create` — a business account created as a new business (linked to the person who
  // made it), as opposed to a personal account converted into one.
  if (row.account_type === 'business') {
    account.partner = {
      is_create: row.business_created_by_id !== null && row.business_created_by_id !== row.id,
    };
  }
  return account;
}

/** The sessions this browser holds (live, one per person), and cookie clean-up for the answer. */
async function held(
  deps: AppDeps,
  request: AuthRequest,
): Promise<{ accounts: HeldAccount[]; setCookies: string[] }> {
  const result = await deps.authEngine.api.listHeldAccounts({
    headers: request.engineHeaders,
    returnHeaders: true,
  });
  return { accounts: result.response.accounts, setCookies: result.headers.getSetCookie() };
}

/** GET /v3/users/me/accounts/: the accounts this browser is logged in to, the active one first. */
export async function listSwitcherAccounts(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
): Promise<SwitcherAccounts> {
  const { accounts, setCookies } = await held(deps, request);
  effects.appendSetCookies(setCookies);
  const rows = new Map(
    (
      await findSwitcherRows(
        deps.db,
        accounts.map((account) => account.userId),
      )
    ).map((row) => [row.id, row]),
  );
  const list: SwitcherAccount[] = [];
  for (const account of accounts) {
    const row = rows.get(account.userId);
    if (!row || blocked(row)) continue;
    list.push(serializeSwitcher(deps, row, account.current));
  }
  return { accounts: list.slice(0, MAX_SWITCH_ACCOUNTS), max: MAX_SWITCH_ACCOUNTS };
}

/**
 * Before a log-in as another account (`isAccountSwitch`, complete-login.service.ts): refuses
 * when this browser already holds MAX_SWITCH_ACCOUNTS other people. Logging in again to an
 * account already held replaces its session and is always allowed.
 */
export async function assertCanAddAccount(
  deps: AppDeps,
  request: AuthRequest,
  userId: string,
): Promise<void> {
  const { accounts } = await held(deps, request);
  const others = accounts.filter((account) => account.userId !== userId).length;
  if (others >= MAX_SWITCH_ACCOUNTS) {
    throw new AppError('ACCOUNT_SWITCH_LIMIT', { data: { max: MAX_SWITCH_ACCOUNTS } });
  }
}

/** POST /v3/users/me/accounts/switch/: makes a held account the active one. */
export async function switchAccount(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  userId: string,
): Promise<SwitchAccountResult> {
  const [row] = await findSwitcherRows(deps.db, [userId]);
  if (!row || blocked(row)) throw new AppError('ACCOUNT_SWITCH_NOT_HELD');
  await onHeldAccount(effects, () =>
    deps.authEngine.api.activateHeldAccount({
      body: { userId },
      headers: request.engineHeaders,
      returnHeaders: true,
    }),
  );
  deps.log.info(
    {
      event: 7534,
      user_id: userId,
      from_user_id: request.viewer?.id ?? null,
      login_method: LOGIN_METHOD_CODES.switch_account,
    },
    'account switch',
  );
  return { next: `/${encodeURIComponent(row.username)}/` };
}

/** POST /v3/users/me/accounts/logout/: logs this browser out of one held account. */
export async function logoutAccount(
  deps: AppDeps,
  request: AuthRequest,
  effects: AuthEffects,
  userId: string,
): Promise<AccountLogoutResult> {
  const result = await onHeldAccount(effects, () =>
    deps.authEngine.api.revokeHeldAccount({
      body: { userId },
      headers: request.engineHeaders,
      returnHeaders: true,
    }),
  );
  const activeId = result.response.active;
  if (activeId === null) return { active: null };
  const [row] = await findSwitcherRows(deps.db, [activeId]);
  return { active: row ? { id: row.id, username: row.username } : null };
}
