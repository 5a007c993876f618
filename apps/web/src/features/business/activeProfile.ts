// The active business profile (business.md §4.2): it defaults to the viewer's own profile; the
// choice and the business bar's visibility are kept in browser storage, per signed-in person, so
// another person on the same browser starts as themself. Tiny and dependency-free: the header's
// account menu reads it.
import { useSyncExternalStore } from 'react';

export const ACTIVE_PROFILE_STORAGE_KEY = 'corkboard.business.active';

export interface ActiveProfileChoice {
  /** The person the choice belongs to. */
  readonly viewerId: string;
  /** The business profile acted as; null is the viewer's own profile. */
  readonly profileId: string | null;
  /** Whether the business bar is shown. */
  readonly visible: boolean;
}

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_PROFILE_STORAGE_KEY);
  } catch {
    // Storage blocked (privacy mode): the viewer acts as themself.
    return null;
  }
}

function parse(raw: string | null, viewerId: string): ActiveProfileChoice {
  const fallback = { viewerId, profileId: null, visible: true };
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return fallback;
    const record = value as Record<string, unknown>;
    if (record['viewerId'] !== viewerId) return fallback;
    const profileId = record['profileId'];
    return {
      viewerId,
      profileId: typeof profileId === 'string' && /^\d+$/.test(profileId) ? profileId : null,
      visible: record['visible'] !== false,
    };
  } catch {
    return fallback;
  }
}

export function readActiveProfile(viewerId: string): ActiveProfileChoice {
  return parse(read(), viewerId);
}

export function writeActiveProfile(choice: ActiveProfileChoice): void {
  try {
    window.localStorage.setItem(ACTIVE_PROFILE_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Not kept: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACTIVE_PROFILE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored choice for `viewerId` (re-rendering when it changes, in this tab or another). */
export function useActiveProfile(viewerId: string): ActiveProfileChoice {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  return parse(raw, viewerId);
}
