import { Badge, List, Stack, Text } from '@mantine/core';
import type { SyncProblems } from '#contract/space-settings.ts';
import { ContentCard } from '#kit/components/content-card.tsx';
import { formatQuantity } from '#kit/format/format.ts';
import { More, StoryLink, StoryProblem } from './story-problem.tsx';

export interface SyncProblemsCardProps {
  spaceId: number;
  problems: SyncProblems;
}

/**
 * What syncing could not bring in, story by story: imports that failed (with why; every sync tries them again)
 * and components that stories use but the space's schemas no longer have. Shown only when there is something.
 */
export function SyncProblemsCard({ spaceId, problems }: SyncProblemsCardProps) {
  const { failed_stories: failed, failed_story_count: failedCount, skipped_components: skipped } = problems;
  if (failedCount === 0 && skipped.length === 0) return null;
  return (
    <ContentCard
      title="Content not imported"
      subtitle="The rest of the space is in Polyblok; these parts are not, for the reasons given."
    >
      {failedCount > 0 && (
        <Stack gap="xs" aria-label="Stories that could not be imported" role="group">
          <Text fz="sm" fw={600}>
            {formatQuantity(failedCount, 'story', 'stories')} could not be imported. Every sync tries{' '}
            {failedCount === 1 ? 'it' : 'them'} again.
          </Text>
          <List spacing={6} size="sm">
            {failed.map((story) => (
              <StoryProblem key={story.id} spaceId={spaceId} story={story} />
            ))}
          </List>
          <More listed={failed.length} total={failedCount} />
        </Stack>
      )}
      {skipped.length > 0 && (
        <Stack gap="xs" aria-label="Components not in the schemas" role="group">
          <Text fz="sm" fw={600}>
            Text in {formatQuantity(skipped.length, 'component', 'components')} is not imported: the space’s component
            schemas no longer have {skipped.length === 1 ? 'it' : 'them'}. Add {skipped.length === 1 ? 'it' : 'them'}{' '}
            back in Storyblok’s block library and sync to translate {skipped.length === 1 ? 'it' : 'them'}.
          </Text>
          {skipped.map((entry) => (
            <Stack key={entry.component} gap={4}>
              <Text fz="sm">
                <Badge variant="light" color="gray" tt="none" mr={6}>
                  {entry.component}
                </Badge>
                in {formatQuantity(entry.story_count, 'story', 'stories')}:
              </Text>
              <Text fz="sm" component="div">
                {entry.stories.map((story, index) => (
                  <span key={story.id}>
                    {index > 0 && ', '}
                    <StoryLink spaceId={spaceId} story={story} />
                  </span>
                ))}
              </Text>
              <More listed={entry.stories.length} total={entry.story_count} />
            </Stack>
          ))}
        </Stack>
      )}
    </ContentCard>
  );
}
