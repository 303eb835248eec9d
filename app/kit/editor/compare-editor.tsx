import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { StoryDetail } from '#contract/content.ts';
import { useEffect, useMemo, useState } from 'react';
import { can } from '#contract/roles.ts';
import { useApi } from '../api/api-context.tsx';
import { glossaryTermsQueryOptions, storyQueryOptions } from './content.queries.ts';
import { createDraftStore, useAllDraftsOf } from './drafts-store.ts';
import { EditorContext, type CompareColumn, type EditorContextValue } from './editor-context.ts';
import { StoryEditorSkeleton } from './editor-states.tsx';
import type { StoryEditorProps } from './story-editor.tsx';
import { StoryKeys } from './story-keys.tsx';
import { StoryLoadProblem } from './story-load-problem.tsx';
import { StoryWatch, useWarnBeforeUnload } from './story-watch.ts';
import { unsavedKeys } from './unsaved-keys.ts';
import { useVerifyOnSave } from './verify-on-save.ts';

export interface CompareEditorProps extends Omit<StoryEditorProps, 'locale'> {
  /** The target languages side by side, in their order; the first one's tabs and counts lead. */
  locales: ReadonlyArray<{ code: string; name: string }>;
}

/**
 * Several target languages of one story side by side: the source once, then one column per language. Each
 * column reads, saves and verifies through its own language's story, exactly as the one-language editor does,
 * and keeps its own unsaved texts.
 */
export function CompareEditor(props: CompareEditorProps) {
  const { spaceId, storyId, locales, role, onUnsavedChange } = props;
  const api = useApi();
  const stories = useQueries({
    queries: locales.map((locale) => storyQueryOptions(api, storyId, locale.code)),
    combine: combineStories,
  });
  const terms = useQueries({
    queries: locales.map((locale) => ({ ...glossaryTermsQueryOptions(api, spaceId, locale.code), retry: false })),
    combine: (results) => results.map((result) => result.data?.terms),
  });
  // Unsaved texts belong to one story in one language: each language keeps its own.
  const editing = `${storyId}:${locales.map((locale) => locale.code).join(',')}`;
  const [store, setStore] = useState(() => ({ editing, drafts: locales.map(() => createDraftStore()) }));
  if (store.editing !== editing) setStore({ editing, drafts: locales.map(() => createDraftStore()) });
  const [verifyOnSave, setVerifyOnSave] = useVerifyOnSave();
  const allDrafts = useAllDraftsOf(store.drafts);

  const storyData = stories.data;
  const unsaved = useMemo(
    () =>
      locales.flatMap((locale, index) =>
        unsavedKeys(storyData[index]?.translatable_keys ?? [], allDrafts[index] ?? new Map()).map((key) => ({
          ...key,
          locale: locale.code,
          path: `${key.path} (${locale.name})`,
        })),
      ),
    [locales, allDrafts, storyData],
  );
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);
  useWarnBeforeUnload(unsaved.length);

  const columns = useMemo<CompareColumn[] | null>(() => {
    if (storyData.some((story) => !story)) return null;
    return locales.map((locale, index) => {
      const story = storyData[index]!;
      const context: EditorContextValue = {
        spaceId,
        storyId,
        spaceLocaleId: story.space_locale_id,
        localeCode: locale.code,
        localeName: locale.name,
        sourceName: props.sourceName,
        drafts: store.drafts[index]!,
        verifyOnSave,
        canTranslate: can(role, 'translate'),
        canPublish: can(role, 'publish'),
        glossary: terms[index] ?? [],
      };
      return { story, context };
    });
  }, [locales, spaceId, storyId, props.sourceName, store.drafts, verifyOnSave, role, storyData, terms]);

  const { failed } = stories;
  if (failed) return <StoryLoadProblem error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!columns) return <StoryEditorSkeleton />;
  const [first] = columns;
  const settings = { verifyOnSave, onVerifyOnSaveChange: setVerifyOnSave };
  return (
    <EditorContext value={first!.context}>
      {columns.map((column) => (
        <StoryWatch key={column.context.localeCode} spaceId={spaceId} story={column.story} />
      ))}
      <StoryKeys
        key={editing}
        story={first!.story}
        compare={columns}
        unsavedCount={unsaved.length}
        previewToken={props.previewToken}
        cdnBaseUrl={props.cdnBaseUrl}
        openKeyId={props.openKeyId ?? null}
        {...settings}
      />
    </EditorContext>
  );
}

/** The languages' stories as one value, the same object while none of them changes (the query's sharing keeps it). */
function combineStories(results: Array<UseQueryResult<StoryDetail>>) {
  const failed = results.find((result) => result.isError);
  return {
    data: results.map((result) => result.data),
    failed: failed ? { error: failed.error, refetch: failed.refetch } : null,
  };
}
