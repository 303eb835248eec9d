import { Center, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconFileText, IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Spec empty state: nothing chosen yet. */
export function SelectStoryState() {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        icon={<IconFileText size={28} />}
        withIndicatorBackground
        title="Select a story to display content to translate"
        description="Pick a story in the list on the left. Its keys appear here, source beside translation."
      />
    </Center>
  );
}

/** Spec empty state: a story (or a tab of it) without keys. */
export function NoKeysState({ description }: { description: ReactNode }) {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        icon={<IconListCheck size={28} />}
        withIndicatorBackground
        title="No keys to translate"
        description={description}
      />
    </Center>
  );
}

export function StoryEditorSkeleton() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading the story">
      <Skeleton h={28} w="40%" />
      <Skeleton h={34} w="70%" />
      {[0, 1, 2, 3].map((index) => (
        <Stack key={index} gap={8}>
          <Skeleton h={14} w="30%" />
          <Skeleton h={72} />
        </Stack>
      ))}
    </Stack>
  );
}
