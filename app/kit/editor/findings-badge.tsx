import { Badge, HoverCard, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FindingsBadgeProps {
  /** The badge's text, with the count after it ("Glossary 2"). */
  label: string;
  color: string;
  icon: ReactNode;
  /** The heading of the card the badge opens, and the sentences it lists. */
  title: string;
  findings: string[];
  width: number;
  ariaLabel?: string;
  testId?: string;
}

/** A key row's badge naming how many things were found, listing them in a card on hover or focus. */
export function FindingsBadge({ label, color, icon, title, findings, width, ariaLabel, testId }: FindingsBadgeProps) {
  if (findings.length === 0) return null;
  return (
    <HoverCard width={width} shadow="md" withArrow openDelay={100}>
      <HoverCard.Target>
        <Badge
          color={color}
          variant="outline"
          size="sm"
          leftSection={icon}
          tabIndex={0}
          aria-label={ariaLabel}
          data-testid={testId}
        >
          {label} {findings.length}
        </Badge>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text fz="sm" fw={600} mb={4}>
          {title}
        </Text>
        <List size="sm" spacing={4}>
          {findings.map((finding) => (
            <List.Item key={finding}>{finding}</List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
