import { Center, EmptyState, Group, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { LocaleSelect } from '#kit/editor/locale-select.tsx';
import { SelectStoryState } from '#kit/editor/editor-states.tsx';
import { StoryEditor } from '#kit/editor/story-editor.tsx';
import type { UnsavedKey } from '#kit/editor/unsaved-keys.ts';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import classes from './content-page.module.css';
import { StoryListPanel } from './story-list-panel.tsx';
import { UnsavedGuard } from './unsaved-guard.tsx';
import { useContentParams } from './use-content-params.ts';
import { useStoryFolder } from './use-story-folder.ts';

/** `/spaces/:spaceId/content?locale=&folder=&story=`: the story tree on the left, the open story's keys on the right. */
export function ContentPage() {
  usePageTitle('Content');
  const { space, role, can } = useCurrentSpace();
  const params = useContentParams(space.space_locales);
  const { locale, storyId, setLocale } = params;
  useStoryFolder(locale?.code ?? null, params);
  const editorKey = locale && storyId !== null ? `${storyId}:${locale.code}` : null;
  // Unsaved keys belong to the editor that reported them; another story or language starts with none.
  const [reported, setReported] = useState<{ editorKey: string | null; keys: UnsavedKey[] }>({
    editorKey: null,
    keys: [],
  });
  const unsaved = reported.editorKey === editorKey ? reported.keys : [];
  const onUnsavedChange = useCallback((keys: UnsavedKey[]) => setReported({ editorKey, keys }), [editorKey]);

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
        <LocaleSelect locales={space.space_locales} value={locale.code} onChange={setLocale} />
      </Group>
      <div className={classes.workspace}>
        <aside className={classes.listPanel} aria-label="Stories">
          <StoryListPanel
            spaceId={space.id}
            spaceName={space.name}
            syncing={space.sync_batch_id !== null}
            locale={locale}
            canTranslateFolder={can('translateFolder')}
            params={params}
          />
        </aside>
        <section className={classes.editorPanel} aria-label="Story editor">
          {storyId === null ? (
            <SelectStoryState />
          ) : (
            <StoryEditor
              key={editorKey}
              spaceId={space.id}
              storyId={storyId}
              locale={locale}
              sourceName={space.default_locale_name ?? 'Source'}
              role={role}
              previewToken={space.preview_token}
              cdnBaseUrl={space.cdn_url}
              onUnsavedChange={onUnsavedChange}
            />
          )}
        </section>
      </div>
      <UnsavedGuard unsaved={unsaved} />
    </div>
  );
}
