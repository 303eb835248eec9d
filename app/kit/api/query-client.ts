import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/**
 * A 4xx answer will not change by asking again (bad input, no access, not found), so only
 * network failures and 5xx are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Screens switch tabs and windows often (the panel lives in an iframe); refetching on every
        // focus would storm the API for data the server already pushes through invalidation.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: {
        // A retried write could apply twice; the user decides to try again.
        retry: false,
      },
    },
  });
}
