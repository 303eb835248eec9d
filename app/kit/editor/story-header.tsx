import type { ReactNode } from 'react';
import { Badge, Group, Stack, Switch, Text, Title, Tooltip, type MantineColor } from '@mantine/core';
import type { StoryDetail } from '#contract/content.ts';
import { useEditorContext } from './editor-context.ts';
import { EditingNow } from './editing-now.tsx';
import { PublishLanguageButton } from './publish-language-button.tsx';
import { PublishedContentMenu } from './published-content-menu.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';

function publication(story: Pick<StoryDetail, 'kind' | 'published' | 'unpublished_changes'>): {
  label: string;
  color: MantineColor;
} {
  if (story.kind === 'datasource') return { label: 'Datasource', color: 'blue' };
  if (!story.published) return { label: 'Unpublished', color: 'gray' };
  return story.unpublished_changes
    ? { label: 'Published with changes', color: 'orange' }
    : { label: 'Published', color: 'green' };
}

/** Below this the title would be cut to a few letters: the actions go to the next line instead. */
const TITLE_MIN_WIDTH = '14rem';

export interface StoryHeaderProps {
  story: StoryDetail;
  previewToken: string | null;
  cdnBaseUrl: string;
  verifyOnSave: boolean;
  onVerifyOnSaveChange(value: boolean): void;
  /** What the host adds to the story's actions (the web app's XLIFF export and import). */
  actions?: ReactNode;
}

/** The story's name, slug and publication, and the editor's settings and help. */
export function StoryHeader({
  story,
  previewToken,
  cdnBaseUrl,
  verifyOnSave,
  onVerifyOnSaveChange,
  actions,
}: StoryHeaderProps) {
  const ctx = useEditorContext();
  const state = publication(story);
  return (
    // The title takes what the actions leave, but never less than TITLE_MIN_WIDTH: narrower (the tool panel),
    // the actions wrap onto a line of their own below it and the title gets the whole width.
    <Group justify="space-between" align="flex-start" gap="sm" px="md" pt="md" pb="xs" wrap="wrap">
      <Stack gap={2} miw={0} style={{ flex: `1 1 ${TITLE_MIN_WIDTH}` }}>
        <Title order={2} fz="h3" lineClamp={1} title={story.name}>
          {story.name}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Text fz="xs" c="dimmed" truncate>
            /{story.full_slug}
          </Text>
          <Badge size="xs" variant="dot" color={state.color}>
            {state.label}
          </Badge>
          {/* Beside the story's publication, so the editor's actions keep their one line beside the title. A
              datasource has nothing to publish: Storyblok serves its entries as they are written. */}
          {story.kind === 'story' && <PublishLanguageButton story={story} />}
        </Group>
        <EditingNow storyId={story.id} initial={story.editing_now} />
      </Stack>
      <Group gap="sm" wrap="wrap" maw="100%">
        {ctx.canTranslate && (
          <Tooltip
            label="On: saving marks the translation as verified against the current source. Off: saved translations stay unverified."
            multiline
            w={260}
          >
            <div>
              <Switch
                label="Verify on save"
                checked={verifyOnSave}
                onChange={(event) => onVerifyOnSaveChange(event.currentTarget.checked)}
              />
            </div>
          </Tooltip>
        )}
        {story.kind === 'story' && (
          <PublishedContentMenu
            fullSlug={story.full_slug}
            localeCode={ctx.localeCode}
            previewToken={previewToken}
            published={story.published}
            cdnBaseUrl={cdnBaseUrl}
          />
        )}
        {actions}
        <ShortcutsHelp />
      </Group>
    </Group>
  );
}
