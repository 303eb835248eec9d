import { Alert, Badge, Button, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SearchStory } from '#contract/content-search.ts';
import { SEARCH_STORY_LIMIT } from '#contract/search-rules.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { errorMessage } from '#kit/components/notify.ts';
import { searchQueryOptions, type ContentSearch } from '#kit/editor/search.queries.ts';
import { StatusBadge } from '#kit/editor/status-badge.tsx';
import { formatQuantity } from '#kit/format/format.ts';
import classes from './content-page.module.css';
import { HitText } from './hit-text.tsx';
import { RowLink } from './row-link.tsx';

export interface SearchResultsProps {
  spaceId: number;
  locale: string;
  search: ContentSearch;
  storyId: number | null;
  storyHref(storyId: number, folderId: number | null, keyId?: number): string;
}

function Result({ story, words, active, href }: { story: SearchStory; words: string; active: boolean; href: string }) {
  const more = story.match_count - story.matches.length;
  return (
    <RowLink href={href} active={active} testId="search-result">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFileText
          size={18}
          color="var(--mantine-color-gray-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
          aria-hidden
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text fz="sm" fw={active ? 600 : 500} truncate>
              <HitText text={story.name} words={words} />
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              <HitText text={`/${story.full_slug}`} words={words} />
            </Text>
          </div>
          {story.matches.map((match) => (
            <div key={match.id} className={classes.match} data-testid="search-match">
              <Group gap={4} mb={2}>
                <StatusBadge status={match.status} />
                {match.is_outdated && (
                  <Badge size="sm" color="orange" variant="light">
                    Outdated
                  </Badge>
                )}
              </Group>
              <Text fz="xs" lineClamp={2}>
                <HitText text={match.value_text} words={words} />
              </Text>
              {match.translated_key_value_text !== null && (
                <Text fz="xs" c="dimmed" lineClamp={2}>
                  <HitText text={match.translated_key_value_text} words={words} />
                </Text>
              )}
            </div>
          ))}
          {more > 0 && (
            <Text fz="xs" c="dimmed">
              and {formatQuantity(more, 'more key', 'more keys')}
            </Text>
          )}
        </Stack>
      </Group>
    </RowLink>
  );
}

/** The stories of the whole space that match the search, best first, each a link to the story in its folder. */
export function SearchResults({ spaceId, locale, search, storyId, storyHref }: SearchResultsProps) {
  const api = useApi();
  const results = useQuery(searchQueryOptions(api, spaceId, locale, search));

  if (results.isPending) {
    return (
      <Stack gap={4} p={4} aria-busy="true" aria-label="Searching">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={56} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (results.isError) {
    return (
      <Stack p="sm" gap="xs">
        <Alert color="red" variant="light" title="Search failed">
          {errorMessage(results.error, 'The search could not be done.')}
        </Alert>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  const { stories, has_more: hasMore, checks_waiting: checksWaiting } = results.data;
  const waiting = checksWaiting && (
    <Text fz="xs" c="dimmed" ta="center" p="xs">
      Some translations are still being checked: stories with problems may be missing for a few minutes.
    </Text>
  );
  if (stories.length === 0) {
    return (
      <Stack gap={0}>
        {waiting}
        <Center py="xl" px="md">
          <Text c="dimmed" fz="sm" ta="center">
            No corresponding stories found
          </Text>
        </Center>
      </Stack>
    );
  }
  return (
    <>
      {waiting}
      <Stack gap={2} aria-label="Search results" role="list" style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
        {stories.map((story) => (
          <div role="listitem" key={story.id}>
            <Result
              story={story}
              words={search.q}
              active={story.id === storyId}
              href={storyHref(story.id, story.folder_id, story.matches[0]?.id)}
            />
          </div>
        ))}
        {hasMore && (
          <Text fz="xs" c="dimmed" ta="center" p="xs">
            The first {SEARCH_STORY_LIMIT} stories are shown; more words narrow the search.
          </Text>
        )}
      </Stack>
    </>
  );
}
