import { Badge, HoverCard, List, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { scoreBand } from '#contract/ai-score-rules.ts';
import type { TranslatableKey } from '#contract/content.ts';

const bandColor = { good: 'green', doubtful: 'yellow', poor: 'red' } as const;
const bandWord = { good: 'likely good', doubtful: 'doubtful', poor: 'likely poor' } as const;

/**
 * The AI's quality estimate of an AI translation, coloured by how much it needs a person, with its reasons on
 * hover or focus. Nothing for a translation without one (typed, reused, changed since); a grey badge when the AI
 * translated it but could not score it.
 */
export function AiScoreBadge({ keyData: key }: { keyData: Pick<TranslatableKey, 'ai_score' | 'ai_score_reasons'> }) {
  const { ai_score: score, ai_score_reasons: reasons } = key;
  if (score === null && reasons.length === 0) return null;
  const band = score === null ? null : scoreBand(score);
  return (
    <HoverCard width={340} shadow="md" withArrow openDelay={100}>
      <HoverCard.Target>
        <Badge
          color={band ? bandColor[band] : 'gray'}
          variant="light"
          size="sm"
          leftSection={<IconSparkles size={12} />}
          tabIndex={0}
          aria-label={score === null ? 'AI score: not scored' : `AI score ${score} of 100, ${bandWord[band!]}`}
          data-testid="ai-score-badge"
          data-band={band ?? 'none'}
        >
          {score === null ? 'AI ?' : `AI ${score}`}
        </Badge>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fz="sm" fw={600} mb={4}>
          {score === null ? 'Not scored' : `AI score ${score} of 100`}
        </Text>
        <List size="sm" spacing={4}>
          {reasons.map((reason, index) => (
            <List.Item key={`${reason.code}-${index}`}>{reason.message}</List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
