import { queryOptions } from '@tanstack/react-query';
import type {
  exchangePanelCode,
  getPanelConfig,
  getPanelStory,
  PanelSpace,
  syncPanelStory,
} from '#contract/connect.ts';
import type { ApiClient } from '#kit/api/api-client.ts';
import { endpointRef } from '#kit/api/endpoint-ref.ts';

export const panelEndpoints = {
  config: endpointRef<typeof getPanelConfig>('GET', '/api/connect/panel_config'),
  exchange: endpointRef<typeof exchangePanelCode>('POST', '/api/connect/session'),
  story: endpointRef<typeof getPanelStory>('GET', '/api/spaces/:id/storyblok_stories/:storyblokStoryId'),
  sync: endpointRef<typeof syncPanelStory>('POST', '/api/spaces/:id/storyblok_stories/:storyblokStoryId/sync'),
};

export const panelKeys = {
  config: ['panel', 'config'] as const,
  story: (space: PanelSpace, storyblokStoryId: number) => ['panel', 'story', space.id, storyblokStoryId] as const,
};

export function panelConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: panelKeys.config,
    queryFn: ({ signal }) => api.call(panelEndpoints.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The story open in the Visual Editor, with its progress per language. */
export function panelStoryQueryOptions(api: ApiClient, space: PanelSpace, storyblokStoryId: number) {
  return queryOptions({
    queryKey: panelKeys.story(space, storyblokStoryId),
    queryFn: ({ signal }) => api.call(panelEndpoints.story, { params: { id: space.id, storyblokStoryId }, signal }),
    staleTime: 0,
  });
}
