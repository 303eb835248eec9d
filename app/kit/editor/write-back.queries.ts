import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StoryDetail } from '#contract/content.ts';
import { useApi } from '../api/api-context.tsx';
import { notifyError } from '../components/notify.ts';
import { contentKeys } from './content.queries.ts';
import type { EditorContextValue } from './editor-context.ts';

type StoryRef = Pick<EditorContextValue, 'spaceId' | 'storyId' | 'localeCode'>;

/**
 * A save queues the story's write to Storyblok: the editor says so at once, and the story's refresh (every few
 * seconds while something waits) says how it went. A failure stays shown until that write ends it.
 */
export function showWriteWaiting(client: QueryClient, ref: StoryRef) {
  client.setQueryData<StoryDetail>(contentKeys.story(ref.storyId, ref.localeCode), (story) =>
    story && story.write_back?.state !== 'failed'
      ? { ...story, write_back: { state: 'pending', error: null, at: null } }
      : story,
  );
}

/** Writes a story whose write failed to Storyblok again now; the story shows its translations waiting. */
export function useRetryWriteBack(ref: StoryRef) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call('retryWriteBack', { params: { storyId: ref.storyId }, body: { locale: ref.localeCode } }),
    onSuccess: ({ write_back: writeBack }) => {
      client.setQueryData<StoryDetail>(contentKeys.story(ref.storyId, ref.localeCode), (story) =>
        story ? { ...story, write_back: writeBack } : story,
      );
      void client.invalidateQueries({ queryKey: contentKeys.folders(ref.spaceId) });
    },
    onError: (error) => {
      notifyError('Not retried', error, 'The story could not be sent to Storyblok again. Try again.');
      void client.invalidateQueries({ queryKey: contentKeys.story(ref.storyId, ref.localeCode) });
    },
  });
}
