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
  Tooltip,
} from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SpaceLocale } from '#contract/spaces.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { folderQueryOptions } from '#kit/editor/content.queries.ts';
import { isSearching } from '#kit/editor/search.queries.ts';
import { errorMessage } from '#kit/components/notify.ts';
import { ContentSearchBox } from './content-search-box.tsx';
import { SearchResults } from './search-results.tsx';
import { StoryListRow } from './story-list-row.tsx';
import { TranslateFolder } from './translate-folder.tsx';
import { XliffMenu } from './xliff-menu.tsx';
import type { ContentParams } from './use-content-params.ts';

/** Spec section 9: the story list shows 20 skeleton rows while it loads. */
export const SKELETON_ROWS = 20;
/** A first sync lists a space's stories within seconds and then reads them: the list shows them as they come. */
export const FOLDER_REFRESH_WHILE_SYNCING_MS = 3_000;

export interface StoryListPanelProps {
  spaceId: number;
  spaceName: string;
  /** The space's sync is running: the list is read again every few seconds, as stories arrive. */
  syncing: boolean;
  locale: SpaceLocale;
  canTranslateFolder: boolean;
  /** Translators and up import XLIFF; everyone may export. */
  canTranslate?: boolean;
  params: Pick<
    ContentParams,
    'folderId' | 'storyId' | 'search' | 'openFolder' | 'setSearch' | 'storyHref' | 'folderHref'
  >;
}

/**
 * The left panel: one folder level of the story tree with its breadcrumb and the folder's AI run, or the stories
 * of the whole space that match a search.
 */
export function StoryListPanel(props: StoryListPanelProps) {
  const { spaceId, locale } = props;
  const { folderId, storyId, search, storyHref, folderHref } = props.params;
  const api = useApi();
  const folder = useQuery({
    ...folderQueryOptions(api, spaceId, locale.code, folderId),
    refetchInterval: props.syncing ? FOLDER_REFRESH_WHILE_SYNCING_MS : false,
  });
  const shown = folder.data?.stories ?? [];
  const open = (id: number | null) => props.params.openFolder(id);

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
        <ContentSearchBox search={search} onSearch={props.params.setSearch} />
        {!isSearching(search) && (
          <Group justify="flex-end">
            <XliffMenu
              spaceId={spaceId}
              locale={locale}
              scope={{ folderId }}
              scopeLabel={folderId === null ? 'the whole space' : 'this folder and its subfolders'}
              canImport={props.canTranslate ?? false}
            />
          </Group>
        )}
        {props.canTranslateFolder && !isSearching(search) && (
          <TranslateFolder
            spaceId={spaceId}
            folderId={folderId}
            folderName={folderId === null ? props.spaceName : (folder.data?.name ?? 'this folder')}
            locale={locale}
          />
        )}
      </Stack>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '0 8px 8px' }} data-testid="story-list">
        {isSearching(search) ? (
          <SearchResults
            spaceId={spaceId}
            locale={locale.code}
            search={search}
            storyId={storyId}
            storyHref={storyHref}
          />
        ) : folder.isPending ? (
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
                href={item.is_folder ? folderHref(item.id) : storyHref(item.id, folderId)}
              />
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
