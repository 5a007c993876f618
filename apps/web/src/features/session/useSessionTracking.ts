// Records each page of the visit in session storage (saving.md §9; sessionKeys.ts).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { browserSessionStorage, recordPageVisit } from './sessionKeys.ts';

export function useSessionTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const storage = browserSessionStorage();
    if (storage) recordPageVisit(storage, pathname, search, new Date());
  }, [pathname, search]);
}
