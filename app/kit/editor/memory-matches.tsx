import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { MemoryMatch } from '#contract/content.ts';

export interface MemoryMatchesProps {
  matches: MemoryMatch[];
  onUse(match: MemoryMatch): void;
}

const colorOf = (similarity: number) => (similarity === 100 ? 'green' : similarity >= 90 ? 'teal' : 'yellow');

/**
 * The team's verified translations of the same or an alike source (translation memory), best first: the
 * translator takes one with a click and edits what differs before saving.
 */
export function MemoryMatches({ matches, onUse }: MemoryMatchesProps) {
  return (
    <Paper withBorder radius="sm" p="xs" role="region" aria-label="Translation memory">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconHistory size={14} aria-hidden />
          <Text fz="xs" fw={600}>
            Translation memory
          </Text>
        </Group>
        {matches.map((match) => (
          <Group
            key={match.translation_text}
            gap="xs"
            wrap="nowrap"
            align="flex-start"
            data-testid="memory-match"
            aria-label={`${match.similarity} % match: ${match.translation_text}`}
          >
            <Badge variant="light" color={colorOf(match.similarity)} size="sm" style={{ flexShrink: 0 }}>
              {match.similarity} %
            </Badge>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {match.translation_text}
              </Text>
              {match.similarity < 100 && (
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Source: {match.source_text}
                </Text>
              )}
            </Stack>
            <Button
              size="compact-xs"
              variant="default"
              style={{ flexShrink: 0 }}
              onClick={() => onUse(match)}
              aria-label={`Use the ${match.similarity} % match`}
            >
              Use
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
