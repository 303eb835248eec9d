import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';
import { AiScoreBadge } from './ai-score-badge.tsx';

export interface AiSuggestionProps {
  /** The AI's translation as the translator reads it. */
  text: string;
  /** Its quality estimate, and why (null: it could not be scored, or came from the memory). */
  score: number | null;
  reasons: TranslatableKey['ai_score_reasons'];
  onUse(): void;
  onDismiss(): void;
}

/**
 * An AI answer that arrived while the translator had typed text of their own: it waits beside that text until
 * they take it or let it go, so nobody's words are replaced behind their back.
 */
export function AiSuggestion({ text, score, reasons, onUse, onDismiss }: AiSuggestionProps) {
  return (
    <Paper withBorder radius="sm" p="xs" role="region" aria-label="AI suggestion" bg="var(--mantine-color-body)">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconSparkles size={14} aria-hidden />
          <Text fz="xs" fw={600}>
            AI suggestion
          </Text>
          <AiScoreBadge keyData={{ ai_score: score, ai_score_reasons: reasons }} />
          <Text fz="xs" c="dimmed">
            Your text stays until you choose.
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <Group gap="xs">
          <Button size="compact-xs" onClick={onUse}>
            Use
          </Button>
          <Button size="compact-xs" variant="default" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
