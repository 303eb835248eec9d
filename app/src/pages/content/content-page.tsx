import { Center, EmptyState, Group, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { CompareEditor } from '#kit/editor/compare-editor.tsx';
import { LocaleSelect } from '#kit/editor/locale-select.tsx';
import { SelectStoryState } from '#kit/editor/editor-states.tsx';
import { StoryEditor } from '#kit/editor/story-editor.tsx';
import type { UnsavedKey } from '#kit/editor/unsaved-keys.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { CompareSelect } from './compare-select.tsx';
import classes from './content-page.module.css';
import { StoryListPanel } from './story-list-panel.tsx';
import { UnsavedGuard } from './unsaved-guard.tsx';
import { XliffMenu } from './xliff-menu.tsx';
import { useContentParams } from './use-content-params.ts';
import { useStoryFolder } from './use-story-folder.ts';

/**
 * `/spaces/:spaceId/content?locale=&folder=&story=`: the story tree on the left, the open story's keys on the right;
 * `&locales=de,fr,it` shows up to three languages side by side.
 */
export function ContentPage() {
  usePageTitle('Content');
  const { space, role, can } = useCurrentSpace();
  const params = useContentParams(space.space_locales);
  const { locale, compared, storyId, setLocale } = params;
  useStoryFolder(locale?.code ?? null, params);
  const shown = compared.length > 0 ? compared : locale ? [locale] : [];
  const editorKey =
    storyId !== null && shown.length > 0 ? `${storyId}:${shown.map((one) => one.code).join(',')}` : null;
  // Unsaved keys belong to the editor that reported them; another story or language starts with none.
  const [reported, setReported] = useState<{ editorKey: string | null; keys: UnsavedKey[] }>({
    editorKey: null,
    keys: [],
  });
  const unsaved = reported.editorKey === editorKey ? reported.keys : [];
  const onUnsavedChange = useCallback((keys: UnsavedKey[]) => setReported({ editorKey, keys }), [editorKey]);

  const canImport = can('translate');
  // One element per story and language, so the memoized key list is not drawn again for it.
  const storyActions = useMemo(
    () =>
      locale && storyId !== null ? (
        <XliffMenu
          spaceId={space.id}
          locale={locale}
          scope={{ storyId }}
          scopeLabel="this story"
          canImport={canImport}
          compact
        />
      ) : null,
    [space.id, locale, storyId, canImport],
  );

  const editorProps = {
    spaceId: space.id,
    sourceName: space.default_locale_name ?? 'Source',
    role,
    previewToken: space.preview_token,
    cdnBaseUrl: space.cdn_url,
    onUnsavedChange,
    openKeyId: params.keyId,
  };

  if (!locale) {
    return (
      <Center mih="70dvh" p="xl">
        <EmptyState
          icon={<IconLanguage size={28} />}
          withIndicatorBackground
          title="No languages"
          description="The space has no target languages"
        />
      </Center>
    );
  }

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          Content
        </Title>
        <Group gap="sm" wrap="nowrap">
          <LocaleSelect locales={space.space_locales} value={locale.code} onChange={setLocale} />
          <CompareSelect
            locales={space.space_locales}
            first={locale}
            others={compared.slice(1)}
            onChange={params.setCompared}
          />
        </Group>
      </Group>
      <div className={classes.workspace} data-languages={shown.length}>
        <aside className={classes.listPanel} aria-label="Stories">
          <StoryListPanel
            spaceId={space.id}
            spaceName={space.name}
            syncing={space.sync_batch_id !== null}
            locale={locale}
            canTranslateFolder={can('translateFolder')}
            canTranslate={canImport}
            params={params}
          />
        </aside>
        <section className={classes.editorPanel} aria-label="Story editor">
          {storyId === null ? (
            <SelectStoryState />
          ) : compared.length > 0 ? (
            <CompareEditor key={editorKey} locales={compared} storyId={storyId} {...editorProps} />
          ) : (
            <StoryEditor key={editorKey} locale={locale} storyId={storyId} actions={storyActions} {...editorProps} />
          )}
        </section>
      </div>
      <UnsavedGuard unsaved={unsaved} />
    </div>
  );
}
