import { useCallback, useEffect, useMemo } from 'react';
import { searchStatuses, type SearchStatus } from '#contract/search-rules.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import type { ContentSearch } from '#kit/editor/search.queries.ts';
import { useAddressParams } from './use-address-params.ts';

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function searchStatus(value: string | null): SearchStatus | null {
  return searchStatuses.find((status) => status === value) ?? null;
}

const folderValue = (id: number | null) => (id === null ? null : String(id));

type Changes = Partial<Record<'locale' | 'locales' | 'folder' | 'story' | 'key' | 'q' | 'status', string | null>>;

/** At most this many languages side by side: more would not fit beside the source. */
export const MAX_COMPARED = 3;

/**
 * `?locales=de,fr,it`: the space's target languages among them, in their order, without repeats, at most three.
 * Fewer than two is no comparison: the single language of `?locale=` is shown.
 */
export function comparedLocales(value: string | null, locales: readonly SpaceLocale[]): SpaceLocale[] {
  const codes = [...new Set((value ?? '').split(',').map((code) => code.trim()))];
  const found = codes.flatMap((code) => locales.filter((locale) => locale.code === code)).slice(0, MAX_COMPARED);
  return found.length >= 2 ? found : [];
}

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
  /** The languages side by side (`?locales=`), the first being `locale`; empty when one language is shown. */
  compared: SpaceLocale[];
  folderId: number | null;
  storyId: number | null;
  /** A key of the story to open the editor at (`&key=`: a search result, a refused publication). */
  keyId: number | null;
  /** The search over the whole space (`?q=&status=`). */
  search: ContentSearch;
  setLocale(code: string): void;
  /** Shows these languages side by side, in this order; fewer than two shows the first one alone. */
  setCompared(codes: readonly string[]): void;
  /** Shows a folder, leaving any search unless told to keep it. */
  openFolder(folderId: number | null, options?: { replace?: boolean; keepSearch?: boolean }): void;
  setSearch(change: Partial<ContentSearch>): void;
  /** The address of a story in its folder, keeping the language and the search, at a key if given: a real link. */
  storyHref(storyId: number, folderId: number | null, keyId?: number): string;
  folderHref(folderId: number | null): string;
}

/**
 * The content page's state lives in its URL (spec: `?locale=&folder=&story=`, and the search's `q` and `status`),
 * so a link, a reload or the back button gives the same screen. Browsing folders keeps the open story: nothing
 * typed in it is lost by looking around.
 */
export function useContentParams(locales: readonly SpaceLocale[]): ContentParams {
  const [params, setParams] = useAddressParams();
  const requested = params.get('locale');
  const requestedCompared = params.get('locales');
  // The same array while the address names the same languages: the editor keys its work on it.
  const compared = useMemo(() => comparedLocales(requestedCompared, locales), [requestedCompared, locales]);
  const comparedValue = compared.length > 0 ? compared.map((one) => one.code).join(',') : null;
  const locale = compared[0] ?? locales.find((candidate) => candidate.code === requested) ?? locales[0] ?? null;
  const folderId = positiveId(params.get('folder'));
  const storyId = positiveId(params.get('story'));
  const keyId = positiveId(params.get('key'));
  const search: ContentSearch = { q: (params.get('q') ?? '').trim(), status: searchStatus(params.get('status')) };

  const change = useCallback(
    (changes: Changes, replace = false) => setParams((current) => withChanges(current, changes), { replace }),
    [setParams],
  );

  // The URL always names the languages shown, so a shared link opens the same ones.
  useEffect(() => {
    if (!locale) return;
    if (requested !== locale.code || requestedCompared !== comparedValue)
      change({ locale: locale.code, locales: comparedValue }, true);
  }, [locale, requested, requestedCompared, comparedValue, change]);

  const openFolder = useCallback<ContentParams['openFolder']>(
    (id, options) =>
      change({ folder: folderValue(id), ...(options?.keepSearch ? {} : { q: null, status: null }) }, options?.replace),
    [change],
  );
  const href = (changes: Changes) => `?${withChanges(params, changes).toString()}`;
  return {
    locale,
    compared,
    folderId,
    storyId,
    keyId,
    search,
    // Another first language keeps the others beside it.
    setLocale: (code) =>
      change(
        compared.length > 0
          ? localesChange([code, ...compared.map((one) => one.code).filter((other) => other !== code)])
          : { locale: code },
      ),
    setCompared: (codes) => change(localesChange(codes)),
    openFolder,
    // Words typed into a search already shown replace it in the history: one entry per search, not per key.
    setSearch: ({ q, status }) => change({ q, status }, q !== undefined && search.q !== '' && q !== ''),
    storyHref: (id, folder, key) =>
      href({ story: String(id), folder: folderValue(folder), key: key === undefined ? null : String(key) }),
    folderHref: (id) => href({ folder: folderValue(id), q: null, status: null }),
  };
}

function localesChange(codes: readonly string[]): Changes {
  const shown = codes.slice(0, MAX_COMPARED);
  return { locale: shown[0] ?? null, locales: shown.length >= 2 ? shown.join(',') : null };
}
