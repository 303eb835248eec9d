import { queryOptions } from '@tanstack/react-query';
import type { StoryDetail } from '#contract/content.ts';
import type { TranslationBatch } from '#contract/content-writes.ts';
import type { ApiClient } from '../api/api-client.ts';

/** Spec section 9: a story with an AI ask under way is read again every 5 seconds. */
export const ASK_REFRESH_MS = 5_000;
/** A story still being imported is read by the sync within seconds once it is open. */
const IMPORT_REFRESH_MS = 1_000;
/** Spec section 9: the key details modal lists associated keys 10 at a time. */
export const ASSOCIATED_PAGE_SIZE = 10;
const BATCH_REFRESH_MS = 1_500;
/** Translations waiting for Storyblok go within seconds of a save (or of a retry): the outcome shows soon after. */
const WRITE_BACK_REFRESH_MS = 3_000;

export const contentKeys = {
  all: ['content'] as const,
  folders: (spaceId: number) => [...contentKeys.all, 'folder', spaceId] as const,
  folder: (spaceId: number, locale: string, folderId: number | null) =>
    [...contentKeys.folders(spaceId), locale, folderId ?? 'root'] as const,
  stories: () => [...contentKeys.all, 'story'] as const,
  story: (storyId: number, locale: string) => [...contentKeys.stories(), storyId, locale] as const,
  associated: (key: string, localeId: number, storyId: number, page: number) =>
    [...contentKeys.all, 'associated', key, localeId, storyId, page] as const,
  glossary: (spaceId: number, locale: string) => [...contentKeys.all, 'glossary', spaceId, locale] as const,
  batch: (batchId: string) => [...contentKeys.all, 'batch', batchId] as const,
  histories: () => [...contentKeys.all, 'history'] as const,
  history: (storyId: number, key: string, localeId: number) =>
    [...contentKeys.histories(), storyId, key, localeId] as const,
};

export function folderQueryOptions(api: ApiClient, spaceId: number, locale: string, folderId: number | null) {
  return queryOptions({
    queryKey: contentKeys.folder(spaceId, locale, folderId),
    queryFn: ({ signal }) => {
      const query = { locale, space_id: spaceId };
      return folderId === null
        ? api.call('getRootFolder', { query, signal })
        : api.call('getFolder', { params: { folderId }, query, signal });
    },
  });
}

export function hasPendingAsks(story: StoryDetail | undefined): boolean {
  return story?.translatable_keys.some((key) => key.has_translation_ask) ?? false;
}

export function storyQueryOptions(api: ApiClient, storyId: number, locale: string) {
  return queryOptions({
    queryKey: contentKeys.story(storyId, locale),
    queryFn: ({ signal }) => api.call('getStory', { params: { storyId }, query: { locale }, signal }),
    // Fresh on every open: a colleague or an AI run may have changed it since.
    staleTime: 0,
    // A story the sync is still importing, asks under way and waiting writes change without the editor doing anything.
    refetchInterval: (query) => {
      if (query.state.data?.importing) return IMPORT_REFRESH_MS;
      if (query.state.data?.write_back?.state === 'pending') return WRITE_BACK_REFRESH_MS;
      return hasPendingAsks(query.state.data) ? ASK_REFRESH_MS : false;
    },
  });
}

export function associatedKeysQueryOptions(
  api: ApiClient,
  input: { key: string; spaceLocaleId: number; storyId: number; page: number },
) {
  return queryOptions({
    queryKey: contentKeys.associated(input.key, input.spaceLocaleId, input.storyId, input.page),
    queryFn: ({ signal }) =>
      api.call('getAssociatedKeys', {
        query: {
          key: input.key,
          space_locale_id: input.spaceLocaleId,
          story_id: input.storyId,
          page: input.page,
          per_page: ASSOCIATED_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

/** The terms that apply to a target language (global ones and the language's own), to highlight in sources. */
export function glossaryTermsQueryOptions(api: ApiClient, spaceId: number, locale: string) {
  return queryOptions({
    queryKey: contentKeys.glossary(spaceId, locale),
    queryFn: ({ signal }) => api.call('listGlossaryTerms', { params: { id: spaceId }, query: { locale }, signal }),
    staleTime: 60_000,
  });
}

export function isBatchRunning(batch: TranslationBatch | undefined): boolean {
  return batch?.status === 'queued' || batch?.status === 'running';
}

export function batchQueryOptions(api: ApiClient, batchId: string) {
  return queryOptions({
    queryKey: contentKeys.batch(batchId),
    queryFn: ({ signal }) => api.call('getTranslationBatch', { params: { batchId }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (isBatchRunning(query.state.data) ? BATCH_REFRESH_MS : false),
  });
}
