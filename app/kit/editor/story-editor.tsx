import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../api/api-context.tsx';
import { can, type Role } from '#contract/roles.ts';
import { glossaryTermsQueryOptions, storyQueryOptions } from './content.queries.ts';
import { createDraftStore, useAllDrafts } from './drafts-store.ts';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import { StoryEditorSkeleton } from './editor-states.tsx';
import { StoryKeys } from './story-keys.tsx';
import { StoryLoadProblem } from './story-load-problem.tsx';
import { useStoryWatch, useWarnBeforeUnload } from './story-watch.ts';
import { unsavedKeys, type UnsavedKey } from './unsaved-keys.ts';
import { useVerifyOnSave } from './verify-on-save.ts';

export interface StoryEditorProps {
  spaceId: number;
  /** Polyblok's id of the story (the `story` of the content URL). */
  storyId: number;
  /** The target language. */
  locale: { code: string; name: string };
  /** The name of the space's source language ("English"). */
  sourceName: string;
  /** The member's role in the space: viewers read, translators and up edit. */
  role: Role;
  /** The space's CDN preview token, for the published-content link; no link without it. */
  previewToken: string | null;
  /** The delivery API of the space's region (`…/v2/cdn`), as the server names it. */
  cdnBaseUrl: string;
  /** Told whenever the keys with unsaved text change, so the host can warn before leaving the story. */
  onUnsavedChange?: (unsaved: UnsavedKey[]) => void;
  /** What the host adds to the story header's actions (the web app's XLIFF export and import). */
  actions?: ReactNode;
  /** A key to open the story at: scrolled to and given the focus once it is loaded. */
  openKeyId?: number | null;
}

/**
 * The per-story key editor of the web app and of the Storyblok tool panel: tabs with counts, select-all and bulk
 * actions, and every key's source beside its translation. A host that warns before closing a story listens to
 * `onUnsavedChange`; the editor itself asks the browser to confirm closing the tab while text is unsaved.
 */
export function StoryEditor(props: StoryEditorProps) {
  const { spaceId, storyId, locale, role, onUnsavedChange } = props;
  const api = useApi();
  const story = useQuery(storyQueryOptions(api, storyId, locale.code));
  const glossary = useQuery({ ...glossaryTermsQueryOptions(api, spaceId, locale.code), retry: false });
  // Unsaved texts belong to one story in one language: another one starts with none.
  const editing = `${storyId}:${locale.code}`;
  const [store, setStore] = useState(() => ({ editing, drafts: createDraftStore() }));
  // React re-renders at once with the new store; this render's output is dropped.
  if (store.editing !== editing) setStore({ editing, drafts: createDraftStore() });
  const { drafts } = store;
  const [verifyOnSave, setVerifyOnSave] = useVerifyOnSave();
  const allDrafts = useAllDrafts(drafts);
  const keys = story.data?.translatable_keys;
  const unsaved = useMemo(() => unsavedKeys(keys ?? [], allDrafts), [keys, allDrafts]);

  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);

  useStoryWatch(spaceId, story.data);
  useWarnBeforeUnload(unsaved.length);

  const terms = glossary.data?.terms;
  const context = useMemo<EditorContextValue | null>(
    () =>
      story.data
        ? {
            spaceId,
            storyId,
            spaceLocaleId: story.data.space_locale_id,
            localeCode: locale.code,
            localeName: locale.name,
            sourceName: props.sourceName,
            drafts,
            verifyOnSave,
            canTranslate: can(role, 'translate'),
            canPublish: can(role, 'publish'),
            glossary: terms ?? [],
          }
        : null,
    [story.data, spaceId, storyId, locale.code, locale.name, props.sourceName, drafts, verifyOnSave, role, terms],
  );

  if (story.isPending) return <StoryEditorSkeleton />;
  if (story.isError) return <StoryLoadProblem error={story.error} onRetry={() => void story.refetch()} />;
  return (
    <EditorContext value={context}>
      <StoryKeys
        key={`${storyId}:${locale.code}`}
        story={story.data}
        previewToken={props.previewToken}
        cdnBaseUrl={props.cdnBaseUrl}
        unsavedCount={unsaved.length}
        verifyOnSave={verifyOnSave}
        onVerifyOnSaveChange={setVerifyOnSave}
        actions={props.actions}
        openKeyId={props.openKeyId ?? null}
      />
    </EditorContext>
  );
}
