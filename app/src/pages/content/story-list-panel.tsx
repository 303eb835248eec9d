import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconHome, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SpaceLocale } from '#contract/spaces.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { folderQueryOptions } from '#kit/editor/content.queries.ts';
import { errorMessage } from '#kit/components/notify.ts';
import { StoryListRow } from './story-list-row.tsx';
import { TranslateFolder } from './translate-folder.tsx';

/** Spec section 9: the story list shows 20 skeleton rows while it loads. */
export const SKELETON_ROWS = 20;

export interface StoryListPanelProps {
  spaceId: number;
  spaceName: string;
  locale: SpaceLocale;
  folderId: number | null;
  storyId: number | null;
  canTranslateFolder: boolean;
  onOpenFolder(folderId: number | null): void;
  onOpenStory(storyId: number): void;
}

/** The left panel: one folder level of the story tree, its breadcrumb, and the folder's AI run. */
export function StoryListPanel(props: StoryListPanelProps) {
  const { spaceId, locale, folderId, storyId, onOpenFolder, onOpenStory } = props;
  const api = useApi();
  const folder = useQuery(folderQueryOptions(api, spaceId, locale.code, folderId));
  const [search, setSearch] = useState('');
  const stories = folder.data?.stories;
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (stories ?? []).filter((item) => needle === '' || item.name.toLowerCase().includes(needle));
  }, [stories, search]);

  const open = (id: number | null) => {
    setSearch('');
    onOpenFolder(id);
  };

  return (
    <Stack gap={0} h="100%" mih={0}>
      <Stack gap="sm" p="sm" pb="xs">
        <Group gap={6} wrap="nowrap" mih={28}>
          <Tooltip label="Back to root">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Back to root"
              disabled={folderId === null}
              onClick={() => open(null)}
            >
              <IconHome size={17} />
            </ActionIcon>
          </Tooltip>
          <nav aria-label="Folder path" style={{ minWidth: 0, overflow: 'hidden' }}>
            <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'nowrap' }}>
              {folderId === null ? (
                <Text fz="sm" fw={600} truncate>
                  {props.spaceName}
                </Text>
              ) : (
                [
                  <Anchor key="root" component="button" type="button" fz="sm" onClick={() => open(null)}>
                    {props.spaceName}
                  </Anchor>,
                  ...(folder.data?.breadcrumb ?? []).map((crumb, index, all) =>
                    index === all.length - 1 ? (
                      <Text key={crumb.id} fz="sm" fw={600} truncate>
                        {crumb.name}
                      </Text>
                    ) : (
                      <Anchor key={crumb.id} component="button" type="button" fz="sm" onClick={() => open(crumb.id)}>
                        {crumb.name}
                      </Anchor>
                    ),
                  ),
                ]
              )}
            </Breadcrumbs>
          </nav>
        </Group>
        <TextInput
          size="xs"
          placeholder="Search in this folder"
          aria-label="Search stories"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {props.canTranslateFolder && (
          <TranslateFolder
            spaceId={spaceId}
            folderId={folderId}
            folderName={folderId === null ? props.spaceName : (folder.data?.name ?? 'this folder')}
            locale={locale}
          />
        )}
      </Stack>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '0 8px 8px' }} data-testid="story-list">
        {folder.isPending ? (
          <Stack gap={4} p={4} aria-busy="true" aria-label="Loading stories">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Skeleton key={index} h={40} radius="sm" data-testid="story-skeleton" />
            ))}
          </Stack>
        ) : folder.isError ? (
          <Stack p="sm" gap="xs">
            <Alert color="red" variant="light" title="Stories not loaded">
              {errorMessage(folder.error, 'The stories of this folder could not be loaded.')}
            </Alert>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void folder.refetch()}>
                Try again
              </Button>
              {folderId !== null && (
                <Button size="xs" variant="subtle" onClick={() => open(null)}>
                  Back to root
                </Button>
              )}
            </Group>
          </Stack>
        ) : shown.length === 0 ? (
          <Center py="xl" px="md">
            <Text c="dimmed" fz="sm" ta="center">
              No corresponding stories found
            </Text>
          </Center>
        ) : (
          <Stack gap={2}>
            {shown.map((item) => (
              <StoryListRow
                key={item.id}
                item={item}
                active={!item.is_folder && item.id === storyId}
                onOpen={() => (item.is_folder ? open(item.id) : onOpenStory(item.id))}
              />
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
