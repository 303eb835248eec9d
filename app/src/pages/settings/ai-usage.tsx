import { Group, Progress, Stack, Text } from '@mantine/core';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { formatCount } from '#kit/format/format.ts';

/** Today's AI words against the space's allowance, and what work under way holds. */
export function AiUsage({ usage }: { usage: SpaceSettings['ai_usage'] }) {
  const percent = usage.daily_words > 0 ? Math.min(100, (usage.words_today / usage.daily_words) * 100) : 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm" fw={600}>
          AI words today
        </Text>
        <Text fz="sm" c="dimmed" data-testid="ai-usage">
          {formatCount(usage.words_today)} of {formatCount(usage.daily_words)} words
        </Text>
      </Group>
      <Progress value={percent} color={percent >= 100 ? 'red' : 'brand'} radius="xl" aria-label="AI words used today" />
      {usage.words_reserved > 0 && (
        <Text fz="xs" c="dimmed" data-testid="ai-reserved">
          {formatCount(usage.words_reserved)} more held by AI translations under way: charged as they arrive, given back
          if they fail or are cancelled.
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        The allowance renews every day at midnight (UTC).
      </Text>
    </Stack>
  );
}
