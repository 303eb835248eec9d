import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '#kit/components/logo.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="sm" ta="center">
        <LogoMark size={40} />
        <Title order={1} fz={64} lh={1.1} mt="md">
          404
        </Title>
        <Text fz="xl" fw={600}>
          Page not found
        </Text>
        <Text c="dimmed" maw={360}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to="/" mt="md">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
