import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** Pins and boards change slowly; a minute avoids refetching on every back-navigation. */
export const STALE_TIME_MS = 60_000;
/** Network blips and 5xx get two more tries; 4xx answers (not found, bad query) never change. */
export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        // A refetch on focus would reshuffle a feed the visitor is scrolling through.
        refetchOnWindowFocus: false,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}
