// /settings/sessions/ (issue 9; docs/decisions/150): the viewer's active sessions — device and
// browser (from the user agent), created, last seen (the session's last refresh, accurate to a
// day: SESSION_REFRESH_AGE_SECONDS), the current one marked — and revoking one or all others.
// Sessions are named by their row id; a token never leaves the server.
import { AppError } from '@corkboard/shared/app-error';
import { SESSIONS_PAGE_SIZE, type SessionInfo } from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { deleteSessions } from './auth.repository.ts';
import {
  deleteSessionOf,
  listSessionsOf,
  sessionIsCurrent,
  type SessionRow,
} from './settings.repository.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Linux" from a user agent; what is not recognised is left out; null for nothing. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

function serializeSession(row: SessionRow): SessionInfo {
  return {
    id: row.id,
    device: describeDevice(row.user_agent),
    created_at: row.created_at.toISOString(),
    last_seen_at: row.updated_at.toISOString(),
    current: row.current,
  };
}

export async function listSessions(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  beforeId: string | undefined,
): Promise<{ items: SessionInfo[]; bookmark: string | null }> {
  const rows = await listSessionsOf(
    deps.db,
    viewer.id,
    sessionToken,
    deps.now(),
    SESSIONS_PAGE_SIZE + 1,
    beforeId,
  );
  const page = rows.slice(0, SESSIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(serializeSession),
    bookmark: rows.length > SESSIONS_PAGE_SIZE && last ? last.id : null,
  };
}

export async function revokeSession(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  sessionId: string,
): Promise<null> {
  // The current one is ended by logging out (which also clears the cookie and CSRF token).
  if (await sessionIsCurrent(deps.db, sessionId, sessionToken)) {
    throw new AppError('SESSION_IS_CURRENT');
  }
  if (!(await deleteSessionOf(deps.db, viewer.id, sessionId))) {
    throw new AppError('SESSION_NOT_FOUND');
  }
  deps.log.info({ user_id: viewer.id, session_id: sessionId }, 'session revoked');
  return null;
}

export async function revokeOtherSessions(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
): Promise<{ revoked: number }> {
  if (!sessionToken) throw new AppError('UNAUTHORIZED');
  const revoked = await deleteSessions(deps.db, viewer.id, sessionToken);
  deps.log.info({ user_id: viewer.id, revoked }, 'other sessions revoked');
  return { revoked };
}
