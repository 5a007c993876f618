// Who is signed in, and logging out (auth.md §7 GET /v3/users/me/, POST /v3/logout/): the part of
// auth every page needs from its first paint (the header's account corner, the Save buttons), in
// the first-visit shell. The login and signup flows and their requests load with the auth chunk
// (auth/hooks.ts). Components call these hooks; only this module talks to the API client about
// the session.
import type { AuthUser } from '@corkboard/shared/auth/api';
import type {
  AccountLogoutResult,
  SwitchAccountResult,
  SwitcherAccounts,
} from '@corkboard/shared/auth/account-switching';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, apiGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DEFAULT_LOGIN_PATH, pageLoad } from './pageLoad.ts';

async function fetchViewer(signal: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiGet<AuthUser>('/v3/users/me/', { signal });
  } catch (error) {
    // 401 is the answer for a visitor, not a failure.
    if (error instanceof ApiError && error.code === ERROR_CODES.UNAUTHORIZED.code) return null;
    throw error;
  }
}

/**
 * The signed-in person, or null for a visitor. Fetched once per page load: logging in or out
 * reloads the page (pageLoad.ts), so the answer cannot go stale in between.
 */
export function useViewer() {
  return useQuery({
    queryKey: queryKeys.viewer(),
    queryFn: ({ signal }) => fetchViewer(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * The accounts this browser is logged in to (ADR 161), read when the account menu opens: the
 * switcher lists them. Switching and logging out reload the page, so the list cannot go stale.
 */
export function useSwitcherAccounts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.switcherAccounts(),
    queryFn: ({ signal }) => apiGet<SwitcherAccounts>('/v3/users/me/accounts/', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Switching to a held account (then a page load of `/{username}/`, auth.md §2), logging out of
 * one account (then the page load of the account that stays active, or home) or of all of them.
 * Plain calls rather than TanStack mutations: nothing is cached about them, and the mutation
 * machinery would cost the first-visit bundle ~2 kB gzip. `failed`: the last one did not happen
 * (offline, server error); the menu stays so it can be tried again.
 */
export function useAccountSwitch() {
  const [isPending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = useCallback(async (action: () => Promise<string>) => {
    setPending(true);
    setFailed(false);
    try {
      pageLoad.assign(await action());
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }, []);
  const switchTo = useCallback(
    (userId: string) =>
      run(async () => {
        const result = await apiSend<SwitchAccountResult>('POST', '/v3/users/me/accounts/switch/', {
          user_id: userId,
        });
        return result.next;
      }),
    [run],
  );
  const logOutOf = useCallback(
    (userId: string) =>
      run(async () => {
        const result = await apiSend<AccountLogoutResult>('POST', '/v3/users/me/accounts/logout/', {
          user_id: userId,
        });
        return result.active
          ? `/${encodeURIComponent(result.active.username)}/`
          : DEFAULT_LOGIN_PATH;
      }),
    [run],
  );
  const logOutOfAll = useCallback(
    () =>
      run(async () => {
        await apiSend<null>('POST', '/v3/logout/');
        return DEFAULT_LOGIN_PATH;
      }),
    [run],
  );
  return { switchTo, logOutOf, logOutOfAll, isPending, failed };
}

export type AccountSwitch = ReturnType<typeof useAccountSwitch>;
