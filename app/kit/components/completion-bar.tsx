import { Group, Progress, Text } from '@mantine/core';

export interface CompletionBarProps {
  /** Whole percent, from `spaceCompletion` or `localeCompletion`. */
  value: number;
  /** Names the bar for assistive technology, e.g. 'Completion of German'. */
  label: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** A completion bar with its percent beside it; a finished one turns green. */
export function CompletionBar({ value, label, size = 'sm' }: CompletionBarProps) {
  const done = value >= 100;
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress
        value={value}
        color={done ? 'teal' : 'brand'}
        size={size}
        radius="xl"
        aria-label={label}
        style={{ flex: 1 }}
      />
      <Text fz="sm" fw={600} miw={40} ta="right" c={done ? 'teal.7' : undefined} aria-hidden="true">
        {value}%
      </Text>
    </Group>
  );
}
