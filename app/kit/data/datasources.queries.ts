import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { spaceKeys } from './space-keys.ts';

/** Which dimension of the space's datasources holds each language's entries. */
export function datasourceMappingQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.datasources(spaceId),
    queryFn: ({ signal }) => api.call('getDatasourceMapping', { params: { id: spaceId }, signal }),
  });
}

/** Maps a language to another dimension (admins; the server checks); null maps it back to its code. */
export function useSetDatasourceDimension(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { space_locale_id: number; dimension: string | null }) =>
      api.call('setDatasourceDimension', { params: { id: spaceId }, body: change }),
    onSuccess: (mapping) => queryClient.setQueryData(spaceKeys.datasources(spaceId), mapping),
  });
}
