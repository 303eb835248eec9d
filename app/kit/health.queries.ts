import { queryOptions } from '@tanstack/react-query';
import { getHealth } from '#contract/health.ts';
import type { ApiClient } from './api-client.ts';

/** Service status for the landing screen; the API client (and so its base URL) comes from the host. */
export function healthQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => api.call(getHealth, { signal }),
    staleTime: 15_000,
  });
}
