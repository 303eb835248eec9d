import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={28} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      {subtitle !== undefined && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}
