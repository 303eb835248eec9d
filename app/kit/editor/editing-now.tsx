import { Avatar, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Colleague } from '#contract/content.ts';
import { useApi } from '../api/api-context.tsx';
import { profileInitial } from '../format/profile-initial.ts';
import { contentKeys } from './content.queries.ts';

/** How often an open editor says so: the server counts anyone heard from within the last minute. */
export const PRESENCE_INTERVAL_MS = 30_000;

/** Who else has the story open: said in words, so a colleague about to change a key knows to talk first. */
export function colleaguesSentence(colleagues: readonly Colleague[]): string {
  const names = colleagues.map((colleague) => colleague.name);
  if (names.length <= 2) return `${names.join(' and ')} ${names.length === 1 ? 'has' : 'have'} this story open`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more have this story open`;
}

/**
 * The other members with the story open in their editor. Having it open is told to the server when the editor
 * opens and then every half minute while the page is visible; its answer is who else is there.
 */
export function EditingNow({ storyId, initial }: { storyId: number; initial: Colleague[] }) {
  const api = useApi();
  const presence = useQuery({
    queryKey: [...contentKeys.all, 'presence', storyId],
    queryFn: ({ signal }) => api.call('markStoryOpen', { params: { storyId }, signal }),
    refetchInterval: PRESENCE_INTERVAL_MS,
    staleTime: 0,
    // Presence is a courtesy: a missed beat is made up by the next one, and never shows an error.
    retry: false,
  });
  const colleagues = presence.data?.editing_now ?? initial;
  if (colleagues.length === 0) return null;
  const sentence = colleaguesSentence(colleagues);
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={sentence} miw={0}>
      <Avatar.Group spacing={6}>
        {colleagues.slice(0, 3).map((colleague) => (
          <Avatar key={colleague.user_id} size={20} radius="xl" color="teal" variant="filled" title={colleague.name}>
            {profileInitial(colleague.name, null)}
          </Avatar>
        ))}
      </Avatar.Group>
      <Text fz="xs" c="teal.8" truncate>
        {sentence}
      </Text>
    </Group>
  );
}
