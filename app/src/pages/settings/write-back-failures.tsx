import { Alert, List, Text } from '@mantine/core';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { formatQuantity } from '#kit/format/format.ts';
import { More, StoryProblem } from './story-problem.tsx';

export interface WriteBackFailuresProps {
  spaceId: number;
  writeBack: SpaceSettings['write_back'];
}

/**
 * The stories Storyblok did not take, each linked to the story in the first language that failed, with why and
 * when. Shown only when there are some.
 */
export function WriteBackFailures({ spaceId, writeBack }: WriteBackFailuresProps) {
  const { failed, failed_stories: stories } = writeBack;
  if (failed === 0) return null;
  return (
    <Alert color="red" variant="light" title={`${formatQuantity(failed, 'story', 'stories')} could not be written`}>
      <Text fz="sm">
        Polyblok tries again by itself for a while, then on the next save in {failed === 1 ? 'it' : 'them'}, on Retry in
        the story, or when the space gets a new token.
      </Text>
      <List spacing={6} size="sm" mt="xs" aria-label="Stories not written to Storyblok">
        {stories.map((story) => (
          <StoryProblem
            key={story.id}
            spaceId={spaceId}
            story={story}
            locale={story.locales[0]}
            note={story.locales.join(', ')}
          />
        ))}
      </List>
      <More listed={stories.length} total={failed} />
    </Alert>
  );
}
