import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { StoryDetail } from '#contract/content.ts';
import { accountKeys } from '../data/account.queries.ts';
import { contentKeys, hasPendingAsks } from './content.queries.ts';

/** Refreshes what lives outside the story (story list, language counts) when the story changes on its own. */
export function useStoryWatch(spaceId: number, story: StoryDetail | undefined) {
  const client = useQueryClient();
  // When the last AI ask of the story is done, the counts elsewhere (story list, languages) moved too.
  const pending = hasPendingAsks(story);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) {
      void client.invalidateQueries({ queryKey: contentKeys.folders(spaceId) });
      void client.invalidateQueries({ queryKey: accountKeys.all });
    }
    wasPending.current = pending;
  }, [pending, client, spaceId]);

  // A write that failed, or that went after failing, changes the story list's mark.
  const writeFailed = story?.write_back?.state === 'failed';
  const wasFailed = useRef(writeFailed);
  useEffect(() => {
    if (wasFailed.current !== writeFailed) void client.invalidateQueries({ queryKey: contentKeys.folders(spaceId) });
    wasFailed.current = writeFailed;
  }, [writeFailed, client, spaceId]);
}

/** The same, for one language of the side-by-side view (a component, so each language has its own hooks). */
export function StoryWatch({ spaceId, story }: { spaceId: number; story: StoryDetail | undefined }) {
  useStoryWatch(spaceId, story);
  return null;
}

/** Closing or reloading the tab is the one way out a host cannot intercept: the browser asks. */
export function useWarnBeforeUnload(unsavedCount: number) {
  useEffect(() => {
    if (unsavedCount === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedCount]);
}
