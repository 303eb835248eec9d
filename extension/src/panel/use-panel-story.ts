import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PanelSpace } from '#contract/connect.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { contentKeys } from '#kit/editor/content.queries.ts';
import { notifyError, notifyFailure, notifySuccess } from '#kit/components/notify.ts';
import { isSyncRunning, syncStatusQueryOptions } from '#kit/data/space-sync.queries.ts';
import { panelKeys, panelStoryQueryOptions } from '../panel-api.ts';

const outcomeMessage = {
  updated: 'The story was read from Storyblok again and its keys are up to date.',
  unchanged: 'The story was already up to date.',
  removed: 'Storyblok no longer has this story.',
  failed: 'Its content could not be imported; the story says why.',
} as const;

/** While the first sync runs, how often the panel asks whether it has listed the open story yet. */
const STORY_LISTED_POLL_MS = 2_000;

/** The story open in the editor, kept in step with what the key editor below saves. */
export function usePanelStory(space: PanelSpace, storyblokStoryId: number) {
  const api = useApi();
  const client = useQueryClient();
  // A space connected a moment ago is still being imported: the story appears once the sync has listed it
  // (within seconds), and its keys once it is read (the open story is read next).
  const syncStatus = useQuery(syncStatusQueryOptions(api, space.id));
  const importing = isSyncRunning(syncStatus.data);
  const query = useQuery({
    ...panelStoryQueryOptions(api, space, storyblokStoryId),
    refetchInterval: (story) => (importing && !story.state.data?.story ? STORY_LISTED_POLL_MS : false),
  });
  const storyId = query.data?.story?.id ?? null;
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current && !importing) {
      void client.invalidateQueries({ queryKey: panelKeys.story(space, storyblokStoryId) });
    }
    wasImporting.current = importing;
  }, [client, importing, space, storyblokStoryId]);

  // The key editor refreshes its story after every save, verify and AI answer; the counts per language here
  // follow whenever it does.
  useEffect(() => {
    if (storyId === null) return;
    const prefix = [...contentKeys.stories(), storyId];
    return client.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      const ours = prefix.every((part, index) => key[index] === part);
      if (ours && event.type === 'updated' && event.action.type === 'success') {
        void client.invalidateQueries({ queryKey: panelKeys.story(space, storyblokStoryId) });
      }
    });
  }, [client, space, storyblokStoryId, storyId]);

  const sync = useMutation({
    mutationFn: () => api.call('syncPanelStory', { params: { id: space.id, storyblokStoryId } }),
    onSuccess: (result) => {
      const { outcome, ...story } = result;
      client.setQueryData(panelKeys.story(space, storyblokStoryId), story);
      if (story.story) void client.invalidateQueries({ queryKey: [...contentKeys.stories(), story.story.id] });
      if (outcome === 'failed') notifyFailure('Story not imported', outcomeMessage[outcome]);
      else notifySuccess('Story synced', outcomeMessage[outcome]);
    },
    onError: (error) => notifyError('Sync failed', error, 'The story could not be synced. Please try again.'),
  });

  return { query, sync, syncStatus: importing ? syncStatus.data : null };
}
