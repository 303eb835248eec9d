import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { contentKeys } from '../editor/content.queries.ts';
import { spaceKeys } from './space-keys.ts';

/** Stories on one page of the readiness list. */
export const READINESS_PAGE_SIZE = 25;

export const publishingKeys = {
  readiness: (spaceId: number) => [...spaceKeys.detail(spaceId), 'readiness'] as const,
  page: (spaceId: number, spaceLocaleId: number, page: number) =>
    [...publishingKeys.readiness(spaceId), spaceLocaleId, page] as const,
};

/** One page of the stories of a language with how ready each is to publish, ready ones first. */
export function readinessQueryOptions(api: ApiClient, spaceId: number, spaceLocaleId: number, page: number) {
  return queryOptions({
    queryKey: publishingKeys.page(spaceId, spaceLocaleId, page),
    queryFn: ({ signal }) =>
      api.call('getReadiness', {
        params: { id: spaceId },
        query: { space_locale_id: spaceLocaleId, page, per_page: READINESS_PAGE_SIZE },
        signal,
      }),
    // The page shown stays while the next one loads: the list does not jump to a skeleton.
    placeholderData: keepPreviousData,
  });
}

/**
 * Publishes a story in languages (editors and up; the server checks): its translations are written, then those
 * languages published in Storyblok. The readiness lists and the story are read again afterwards, whatever the
 * answer: a refusal may come from a change someone else made meanwhile.
 */
export function usePublishStory(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { storyId: number; spaceLocaleIds: number[] }) =>
      api.call('publishStory', { body: { story_id: input.storyId, space_locale_ids: input.spaceLocaleIds } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: publishingKeys.readiness(spaceId) }),
        queryClient.invalidateQueries({ queryKey: contentKeys.stories() }),
      ]),
  });
}
