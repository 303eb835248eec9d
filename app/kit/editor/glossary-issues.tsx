import { Badge, HoverCard, List, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';

/** The glossary terms an AI translation did not follow, as the glossary check found them. */
export function GlossaryIssues({ issues }: { issues: TranslatableKey['glossary_issues'] }) {
  if (issues.length === 0) return null;
  return (
    <HoverCard width={320} shadow="md" withArrow openDelay={100}>
      <HoverCard.Target>
        <Badge color="orange" variant="outline" size="sm" leftSection={<IconBook2 size={12} />} tabIndex={0}>
          Glossary {issues.length}
        </Badge>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fz="sm" fw={600} mb={4}>
          Glossary terms not followed
        </Text>
        <List size="sm" spacing={4}>
          {issues.map((issue) => (
            <List.Item key={`${issue.term}:${issue.expected}`}>
              “{issue.term}” should be translated as “{issue.expected}”.
            </List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
