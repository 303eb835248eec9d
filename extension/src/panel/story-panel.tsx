import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { PanelSpace } from '#contract/connect.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';
import { errorMessage } from '#kit/components/notify.ts';
import { can } from '#contract/roles.ts';
import { StoryEditor } from '#kit/editor/story-editor.tsx';
import { LocaleSelect } from '#kit/editor/locale-select.tsx';
import { StoryEditorSkeleton } from '#kit/editor/editor-states.tsx';
import { editorLanguageCode, panelLanguage } from '../protocol/editor-language.ts';
import type { EditorContext } from '../protocol/get-context.ts';
import { LanguageProgress } from './language-progress.tsx';
import { PanelHeader } from './panel-header.tsx';
import { usePanelStory } from './use-panel-story.ts';

export interface StoryPanelProps {
  space: PanelSpace;
  context: EditorContext;
  onSignOut(): void;
}

/**
 * The key editor gets a height of its own and scrolls inside it: its list renders only the keys in view, which
 * needs a bounded scroll area, and the panel's own height (reported to the Visual Editor) stays steady.
 */
const EDITOR_HEIGHT = 640;

/** Where the story opens in the web app, in the language shown here. */
function webAppUrl(spaceId: number, storyId: number, locale: string | null): string {
  const query = new URLSearchParams({ story: String(storyId), ...(locale ? { locale } : {}) });
  return `${window.location.origin}/spaces/${spaceId}/content?${query.toString()}`;
}

/** The story open in the Visual Editor: its progress per language, the key editor, sync and the web app link. */
export function StoryPanel({ space, context, onSignOut }: StoryPanelProps) {
  const { query, sync, syncStatus } = usePanelStory(space, context.story.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [followed, setFollowed] = useState<string | null>(null);
  const codes = query.data?.locales.map((locale) => locale.code) ?? [];
  const editorLanguage = editorLanguageCode(context.language);

  // The editor switching to a target language takes the panel along; a choice made here holds until it switches
  // again. (Adjusted while rendering, as React advises for state that follows a prop.)
  if (codes.length > 0 && editorLanguage !== followed) {
    setFollowed(editorLanguage);
    if (editorLanguage !== null) setChosen((current) => panelLanguage(editorLanguage, codes, current));
  }

  const header = <PanelHeader spaceName={space.name} onSignOut={onSignOut} />;
  if (query.isPending) {
    return (
      <Stack p="md" gap="md">
        {header}
        <StoryEditorSkeleton />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack p="md" gap="md">
        {header}
        <Alert color="red" variant="light" title="The story could not be loaded">
          {errorMessage(query.error, 'Polyblok could not load this story. Try again.')}
        </Alert>
        <Button variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const { story, locales, role } = query.data;
  const code = panelLanguage(null, codes, chosen);
  const locale = locales.find((item) => item.code === code) ?? null;
  const syncButton = can(role, 'translate') && (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconRefresh size={14} />}
      loading={sync.isPending}
      onClick={() => sync.mutate()}
    >
      Sync this story now
    </Button>
  );

  const importing = syncStatus && (
    <Alert color="brand" variant="light" title="Importing the space from Storyblok" role="status">
      {syncStatus.total > 0
        ? `${formatCount(syncStatus.done)} of ${formatQuantity(syncStatus.total, 'story', 'stories')} so far.`
        : 'Polyblok is reading the space from Storyblok.'}{' '}
      The story shows here as soon as it is in.
    </Alert>
  );

  if (!story) {
    return (
      <Stack p="md" gap="md">
        {header}
        <Title order={1} fz="lg">
          {context.story.name || 'This story'}
        </Title>
        {importing || (
          <>
            <Text fz="sm" c="dimmed">
              This story is not in Polyblok yet. Sync it to translate it here.
            </Text>
            {syncButton || (
              <Text fz="sm" c="dimmed">
                Ask a translator or an admin of the space to sync it.
              </Text>
            )}
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack p="md" gap="md">
      {header}
      <Stack gap={4}>
        <Title order={1} fz="lg">
          {story.name}
        </Title>
        <Group gap="sm" justify="space-between">
          <Anchor href={webAppUrl(space.id, story.id, code)} target="_blank" rel="noopener" fz="sm">
            <Group gap={4} component="span">
              Open in Polyblok <IconExternalLink size={14} />
            </Group>
          </Anchor>
          {syncButton}
        </Group>
      </Stack>
      {locales.length === 0 ? (
        <Text fz="sm" c="dimmed">
          The space has no target languages yet. An admin adds them in Polyblok.
        </Text>
      ) : (
        <>
          <LanguageProgress locales={locales} keyCount={story.key_count} selected={code} onSelect={setChosen} />
          {code && <LocaleSelect locales={locales} value={code} onChange={setChosen} />}
        </>
      )}
      {locale && (
        <Box h={EDITOR_HEIGHT} mx="-md" style={{ display: 'flex', flexDirection: 'column' }}>
          <StoryEditor
            key={`${story.id}:${locale.code}`}
            spaceId={space.id}
            storyId={story.id}
            locale={{ code: locale.code, name: locale.name }}
            sourceName={query.data.space.default_locale_name ?? 'Source'}
            role={role}
            previewToken={query.data.space.preview_token}
            cdnBaseUrl={query.data.space.cdn_url}
          />
        </Box>
      )}
    </Stack>
  );
}
