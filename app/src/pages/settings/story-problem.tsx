import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount, formatRelative } from '#kit/format/format.ts';

export interface StoryRef {
  id: number;
  name: string;
  full_slug: string;
}

/** A story of the space, opened in the content screen (in the language given, or the last one chosen). */
export function StoryLink({ spaceId, story, locale }: { spaceId: number; story: StoryRef; locale?: string }) {
  const language = locale ? `&locale=${encodeURIComponent(locale)}` : '';
  return (
    <Anchor
      component={Link}
      to={`/spaces/${spaceId}/content?story=${story.id}${language}`}
      fz="sm"
      title={`/${story.full_slug}`}
    >
      {story.name}
    </Anchor>
  );
}

/** A story something went wrong with: linked, with when (and what else `note` says), and why. */
export function StoryProblem({
  spaceId,
  story,
  locale,
  note,
}: {
  spaceId: number;
  story: StoryRef & { reason: string; at: string };
  locale?: string;
  note?: string;
}) {
  return (
    <List.Item>
      <StoryLink spaceId={spaceId} story={story} locale={locale} />{' '}
      <Text span fz="xs" c="dimmed">
        ({note ? `${note}, ` : ''}
        {formatRelative(story.at)})
      </Text>
      <Text fz="xs" c="dimmed">
        {story.reason}
      </Text>
    </List.Item>
  );
}

/** "and 12 more" under a list cut at the server's limit. */
export function More({ listed, total }: { listed: number; total: number }) {
  if (total <= listed) return null;
  return (
    <Text fz="xs" c="dimmed">
      and {formatCount(total - listed)} more
    </Text>
  );
}
