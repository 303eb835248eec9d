import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '#kit/api/api-context.tsx';
import { storyQueryOptions } from '#kit/editor/content.queries.ts';
import type { ContentParams } from './use-content-params.ts';

/**
 * A link that names a story but not its folder (shared by hand, or from elsewhere) opens the story in its
 * folder, with the breadcrumb to it. Only the story the page arrived with: browsing to another folder later
 * keeps the story open where the translator went.
 */
export function useStoryFolder(
  locale: string | null,
  params: Pick<ContentParams, 'folderId' | 'storyId' | 'openFolder'>,
): void {
  const { folderId, storyId, openFolder } = params;
  const [arrivedWith, setArrivedWith] = useState(() => (folderId === null ? storyId : null));
  // Once the folder is in the URL, or another story is open, the arrival is settled.
  if (arrivedWith !== null && (folderId !== null || storyId !== arrivedWith)) setArrivedWith(null);
  const api = useApi();
  // The editor reads the same story under the same key: this asks nothing more of the server.
  const story = useQuery({
    ...storyQueryOptions(api, arrivedWith ?? 0, locale ?? ''),
    enabled: arrivedWith !== null && locale !== null,
  });
  const folderOfStory = arrivedWith !== null ? (story.data?.folder_id ?? null) : null;
  useEffect(() => {
    if (folderOfStory !== null) openFolder(folderOfStory, { replace: true, keepSearch: true });
  }, [folderOfStory, openFolder]);
}
