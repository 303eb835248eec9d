import { queryOptions } from '@tanstack/react-query';
import type { PanelSpace } from '#contract/connect.ts';
import type { ApiClient } from '#kit/api/api-client.ts';

export const panelKeys = {
  config: ['panel', 'config'] as const,
  story: (space: PanelSpace, storyblokStoryId: number) => ['panel', 'story', space.id, storyblokStoryId] as const,
};

export function panelConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: panelKeys.config,
    queryFn: ({ signal }) => api.call('getPanelConfig', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The story open in the Visual Editor, with its progress per language. */
export function panelStoryQueryOptions(api: ApiClient, space: PanelSpace, storyblokStoryId: number) {
  return queryOptions({
    queryKey: panelKeys.story(space, storyblokStoryId),
    queryFn: ({ signal }) => api.call('getPanelStory', { params: { id: space.id, storyblokStoryId }, signal }),
    staleTime: 0,
  });
}
