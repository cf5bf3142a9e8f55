import { QueryClient } from './query';
import { ApiError } from './api-client';

export const MAX_READ_RETRIES = 5;

/** Reads are retried with backoff, but never a 4xx: asking again will not change the answer. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_READ_RETRIES;
}

/** The browser's client, or (`server`) one for a single server render, which asks once and never waits to retry. */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: server ? Infinity : 60_000,
        staleTime: 15_000,
        retry: server ? false : shouldRetryRead,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
