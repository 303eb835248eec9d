import { Box, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ContentCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Actions or status in the card header, e.g. a 'Synchronize now' button. */
  rightSection?: ReactNode;
  /** An action that cannot be undone lives here (a danger zone): the card is outlined in red. */
  danger?: boolean;
  children?: ReactNode;
}

/** The spec's generic card: an optional header (title, subtitle, right section) over its content. */
export function ContentCard({ title, subtitle, rightSection, danger = false, children }: ContentCardProps) {
  const hasHeader = title !== undefined || subtitle !== undefined || rightSection !== undefined;
  return (
    <Card style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}>
      <Stack gap="md">
        {hasHeader && (
          <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
            <Stack gap={4} miw={0}>
              {title !== undefined && (
                <Text component="h2" fw={600} fz="lg" m={0}>
                  {title}
                </Text>
              )}
              {subtitle !== undefined && (
                <Text c="dimmed" fz="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {/* The actions keep their size; the title and subtitle wrap instead. */}
            {rightSection !== undefined && <Box style={{ flexShrink: 0 }}>{rightSection}</Box>}
          </Group>
        )}
        {children}
      </Stack>
    </Card>
  );
}
