import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchStatus } from '#contract/search-rules.ts';
import type { ApiClient } from '../api/api-client.ts';
import { contentKeys } from './content.queries.ts';

export interface ContentSearch {
  /** The words as typed, trimmed; empty for none. */
  q: string;
  status: SearchStatus | null;
}

export function isSearching(search: ContentSearch): boolean {
  return search.q !== '' || search.status !== null;
}

/**
 * Under the space's folder listings, so that whatever refreshes the story list after a save or a sync refreshes
 * the results too.
 */
export function searchKey(spaceId: number, locale: string, search: ContentSearch) {
  return [...contentKeys.folders(spaceId), 'search', locale, search.q, search.status ?? 'any'] as const;
}

export function searchQueryOptions(api: ApiClient, spaceId: number, locale: string, search: ContentSearch) {
  return queryOptions({
    queryKey: searchKey(spaceId, locale, search),
    queryFn: ({ signal }) =>
      api.call('searchContent', {
        query: {
          space_id: spaceId,
          locale,
          ...(search.q === '' ? {} : { q: search.q }),
          ...(search.status === null ? {} : { status: search.status }),
        },
        signal,
      }),
    enabled: isSearching(search),
    // The results of the last words stay while the next ones load, instead of a list that blinks at each key.
    placeholderData: keepPreviousData,
  });
}
