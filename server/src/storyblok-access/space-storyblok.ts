import { toFailure } from './failures.ts';
import { openCredentials, type CredentialDeps } from './space-credentials.ts';
import type { StoriesOrder, StoriesPage, StoryblokAdapter } from './storyblok-adapter.ts';
import { StoryblokError } from './storyblok-error.ts';
import type {
  DatasourceEntry,
  StoryblokAuth,
  StoryblokComponentDefinition,
  StoryblokDatasource,
  StoryblokLanguage,
  StoryblokSpace,
  StoryblokStory,
  TranslatedSlugWrite,
} from './storyblok-types.ts';
import {
  refuseSpaceToken,
  SPACE_VANISHED_REASON,
  TOKEN_FORBIDDEN_REASON,
  TOKEN_REFUSED_REASON,
  type RefusalDeps,
} from './token-refusal.ts';

/**
 * The Storyblok space behind one Polyblok space, reached with the space's own token. A refused token flags the
 * space and ends the work with a `token_issue` error; every other failure is an ordinary API error that says
 * whether trying again may help. A story Storyblok no longer has is simply not found (null).
 */
export interface SpaceStoryblok {
  getSpace(): Promise<StoryblokSpace>;
  /** Replaces the space's field-level translation languages (Storyblok keeps the list as sent). */
  setLanguages(languages: StoryblokLanguage[]): Promise<void>;
  listComponents(): Promise<StoryblokComponentDefinition[]>;
  listStories(page: number, perPage: number, sortBy?: StoriesOrder): Promise<StoriesPage>;
  /** The story with its content, or null when Storyblok no longer has it. */
  findStory(storyblokStoryId: number): Promise<StoryblokStory | null>;
  updateStoryContent(
    storyblokStoryId: number,
    content: Record<string, unknown>,
    translatedSlugs?: TranslatedSlugWrite[],
  ): Promise<StoryblokStory>;
  /** Publishes these languages of the story (codes) in Storyblok, and no other. */
  publishLanguages(storyblokStoryId: number, codes: string[]): Promise<StoryblokStory>;
  /** The space's datasources; null when the token may not read them. */
  listDatasources(): Promise<StoryblokDatasource[] | null>;
  /** The datasource's entries, with their values in the dimension when one is given; null when it is gone. */
  listDatasourceEntries(datasourceId: number, dimensionId: number | null): Promise<DatasourceEntry[] | null>;
  setDatasourceEntryValue(
    entry: { id: number; name: string; value: string },
    dimension: { id: number; value: string },
  ): Promise<void>;
}

export type SpaceStoryblokDeps = CredentialDeps & RefusalDeps & { adapter: StoryblokAdapter };

export function spaceStoryblok(deps: SpaceStoryblokDeps, spaceId: number): SpaceStoryblok {
  async function call<T>(
    work: (auth: StoryblokAuth, storyblokSpaceId: number) => Promise<T>,
    onMissing: 'space' | 'story' = 'story',
  ): Promise<T> {
    try {
      // Opening may renew an app install's token: a refused renewal is a refused token too.
      const { auth, storyblokSpaceId } = await openCredentials(deps, spaceId);
      if (!auth) throw await refuseSpaceToken(deps, spaceId, TOKEN_REFUSED_REASON);
      return await work(auth, storyblokSpaceId);
    } catch (error) {
      if (!(error instanceof StoryblokError)) throw error;
      if (error.kind === 'unauthorized') {
        const reason = error.status === 403 ? TOKEN_FORBIDDEN_REASON : TOKEN_REFUSED_REASON;
        throw await refuseSpaceToken(deps, spaceId, reason);
      }
      if (error.kind === 'not_found' && onMissing === 'space') {
        throw await refuseSpaceToken(deps, spaceId, SPACE_VANISHED_REASON);
      }
      throw toFailure(error);
    }
  }

  const { adapter } = deps;
  return {
    getSpace: () => call((auth, id) => adapter.getSpace(auth, id), 'space'),
    setLanguages: (languages) => call((auth, id) => adapter.setSpaceLanguages(auth, id, languages), 'space'),
    listComponents: () => call((auth, id) => adapter.listComponents(auth, id), 'space'),
    listStories: (page, perPage, sortBy) =>
      call((auth, id) => adapter.listStories(auth, id, page, perPage, sortBy), 'space'),
    findStory: (storyId) =>
      call((auth, id) =>
        adapter.getStory(auth, id, storyId).catch((error: unknown) => {
          if (error instanceof StoryblokError && error.kind === 'not_found') return null;
          throw error;
        }),
      ),
    updateStoryContent: (storyId, content, translatedSlugs) =>
      call((auth, id) => adapter.updateStoryContent(auth, id, storyId, content, translatedSlugs)),
    publishLanguages: (storyId, codes) => call((auth, id) => adapter.publishLanguages(auth, id, storyId, codes)),
    // A token that may read stories but not datasources (a narrower role or app scope) is no refused token: the
    // space's datasources are then simply out of reach (null), and its stories sync as before.
    listDatasources: () =>
      call((auth, id) =>
        adapter.listDatasources(auth, id).catch((error: unknown) => {
          if (error instanceof StoryblokError && (error.status === 403 || error.kind === 'not_found')) return null;
          throw error;
        }),
      ),
    listDatasourceEntries: (datasourceId, dimensionId) =>
      call((auth, id) =>
        adapter.listDatasourceEntries(auth, id, datasourceId, dimensionId).catch((error: unknown) => {
          if (error instanceof StoryblokError && error.kind === 'not_found') return null;
          throw error;
        }),
      ),
    setDatasourceEntryValue: (entry, dimension) =>
      call((auth, id) => adapter.setDatasourceEntryValue(auth, id, entry, dimension)),
  };
}
