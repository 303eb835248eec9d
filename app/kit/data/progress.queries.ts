import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { spaceKeys } from './space-keys.ts';

/** Each language's completion per day and the words translated per day (the Languages page's charts). */
export function languageProgressQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.progress(spaceId),
    queryFn: ({ signal }) => api.call('getLanguageProgress', { params: { id: spaceId }, query: {}, signal }),
    staleTime: 60_000,
  });
}

/** The completion of each of the user's spaces over the last days, for the spaces list's trends. */
export function spacesTrendQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['spaces_trend'] as const,
    queryFn: ({ signal }) => api.call('getSpacesTrend', { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
}
