// Who is signed in, and logging out (auth.md §7 GET /v3/users/me/, POST /v3/logout/): the part of
// auth every page needs from its first paint (the header's account corner, the Save buttons), in
// the first-visit shell. The login and signup flows and their requests load with the auth chunk
// (auth/hooks.ts). Components call these hooks; only this module talks to the API client about
// the session.
import type { AuthUser } from '@corkboard/shared/auth/api';
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
 * POST /v3/logout/, then a fresh page load of home. Plain calls rather than TanStack mutations:
 * nothing is cached about them, and the mutation machinery would cost the first-visit bundle
 * ~2 kB gzip for no gain (the forms keep their own busy state).
 */
export function useLogout() {
  const [isPending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await apiSend<null>('POST', '/v3/logout/');
      pageLoad.assign(DEFAULT_LOGIN_PATH);
    } catch {
      // Still signed in (offline, server error): the menu stays, so Log out can be tried again.
    } finally {
      setPending(false);
    }
  }, []);
  return { logout, isPending };
}
