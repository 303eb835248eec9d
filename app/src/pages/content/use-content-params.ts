import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { SpaceLocale } from '#contract/spaces.ts';

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export interface ContentParams {
  /** The target language: the URL's, or the space's first when the URL names none of its languages. */
  locale: SpaceLocale | null;
  folderId: number | null;
  storyId: number | null;
  setLocale(code: string): void;
  openFolder(folderId: number | null): void;
  openStory(storyId: number | null): void;
}

/**
 * The content page's state lives in its URL (spec: `?locale=&folder=&story=`), so a link, a reload or the back
 * button gives the same screen. Browsing folders keeps the open story: nothing typed in it is lost by looking
 * around.
 */
export function useContentParams(locales: readonly SpaceLocale[]): ContentParams {
  const [params, setParams] = useSearchParams();
  const requested = params.get('locale');
  const locale = locales.find((candidate) => candidate.code === requested) ?? locales[0] ?? null;
  const folderId = positiveId(params.get('folder'));
  const storyId = positiveId(params.get('story'));

  const change = useCallback(
    (name: 'locale' | 'folder' | 'story', value: string | null, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // The URL always names the language shown, so a shared link opens the same one.
  useEffect(() => {
    if (locale && requested !== locale.code) change('locale', locale.code, true);
  }, [locale, requested, change]);

  return {
    locale,
    folderId,
    storyId,
    setLocale: (code) => change('locale', code),
    openFolder: (id) => change('folder', id === null ? null : String(id)),
    openStory: (id) => change('story', id === null ? null : String(id)),
  };
}
