import { Box, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageLayoutProps {
  title: ReactNode;
  /** Actions beside the title, e.g. an 'Add a language' button. */
  rightSection?: ReactNode;
  /** Caps the content width (px or any CSS length); full width when absent. */
  maxWidth?: number | string;
  children?: ReactNode;
}

/**
 * The spec's generic page layout: a title row and the page body below it. It sits inside the shell's `<main>`,
 * the page's one main landmark.
 */
export function PageLayout({ title, rightSection, maxWidth, children }: PageLayoutProps) {
  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={maxWidth} w="100%" mx={maxWidth === undefined ? undefined : 'auto'}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {rightSection}
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
