import { Badge, HoverCard, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';

/**
 * What the checks found in a key's translation (placeholders, formatting, numbers, addresses, spacing, invisible
 * characters, glossary). Glossary findings already named by the AI's glossary badge are not repeated.
 */
export function QaIssues({ keyData: key }: { keyData: TranslatableKey }) {
  const problems =
    key.glossary_issues.length > 0 ? key.qa.filter((problem) => problem.code !== 'glossary_term_missing') : key.qa;
  if (problems.length === 0) return null;
  return (
    <HoverCard width={340} shadow="md" withArrow openDelay={100}>
      <HoverCard.Target>
        <Badge
          color="yellow"
          variant="outline"
          size="sm"
          leftSection={<IconAlertTriangle size={12} />}
          tabIndex={0}
          aria-label={`${problems.length} check${problems.length === 1 ? '' : 's'} to look at`}
          data-testid="qa-badge"
        >
          Checks {problems.length}
        </Badge>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fz="sm" fw={600} mb={4}>
          Worth a second look
        </Text>
        <List size="sm" spacing={4}>
          {problems.map((problem) => (
            <List.Item key={`${problem.code}:${problem.message}`}>{problem.message}</List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
