import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { searchStatuses, type SearchStatus } from '#contract/search-rules.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import type { ContentSearch } from '#kit/editor/search.queries.ts';

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function searchStatus(value: string | null): SearchStatus | null {
  return searchStatuses.find((status) => status === value) ?? null;
}

const folderValue = (id: number | null) => (id === null ? null : String(id));

type Changes = Partial<Record<'locale' | 'folder' | 'story' | 'q' | 'status', string | null>>;

function withChanges(current: URLSearchParams, changes: Changes): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else if (value !== undefined) next.set(name, value);
  }
  return next;
}

export interface ContentParams {
  /** The target language: the URL's, or the space's first when the URL names none of its languages. */
  locale: SpaceLocale | null;
  folderId: number | null;
  storyId: number | null;
  /** The search over the whole space (`?q=&status=`). */
  search: ContentSearch;
  setLocale(code: string): void;
  /** Shows a folder, leaving any search unless told to keep it. */
  openFolder(folderId: number | null, options?: { replace?: boolean; keepSearch?: boolean }): void;
  setSearch(change: Partial<ContentSearch>): void;
  /** The address of a story in its folder, keeping the language and the search: a real link. */
  storyHref(storyId: number, folderId: number | null): string;
  folderHref(folderId: number | null): string;
}

/**
 * The content page's state lives in its URL (spec: `?locale=&folder=&story=`, and the search's `q` and `status`),
 * so a link, a reload or the back button gives the same screen. Browsing folders keeps the open story: nothing
 * typed in it is lost by looking around.
 */
export function useContentParams(locales: readonly SpaceLocale[]): ContentParams {
  const [params, setParams] = useSearchParams();
  const requested = params.get('locale');
  const locale = locales.find((candidate) => candidate.code === requested) ?? locales[0] ?? null;
  const folderId = positiveId(params.get('folder'));
  const storyId = positiveId(params.get('story'));
  const search: ContentSearch = { q: (params.get('q') ?? '').trim(), status: searchStatus(params.get('status')) };

  const change = useCallback(
    (changes: Changes, replace = false) => setParams((current) => withChanges(current, changes), { replace }),
    [setParams],
  );

  // The URL always names the language shown, so a shared link opens the same one.
  useEffect(() => {
    if (locale && requested !== locale.code) change({ locale: locale.code }, true);
  }, [locale, requested, change]);

  const openFolder = useCallback<ContentParams['openFolder']>(
    (id, options) =>
      change({ folder: folderValue(id), ...(options?.keepSearch ? {} : { q: null, status: null }) }, options?.replace),
    [change],
  );
  const href = (changes: Changes) => `?${withChanges(params, changes).toString()}`;
  return {
    locale,
    folderId,
    storyId,
    search,
    setLocale: (code) => change({ locale: code }),
    openFolder,
    // Words typed into a search already shown replace it in the history: one entry per search, not per key.
    setSearch: ({ q, status }) => change({ q, status }, q !== undefined && search.q !== '' && q !== ''),
    storyHref: (id, folder) => href({ story: String(id), folder: folderValue(folder) }),
    folderHref: (id) => href({ folder: folderValue(id), q: null, status: null }),
  };
}
