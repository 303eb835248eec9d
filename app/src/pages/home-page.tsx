import { Badge, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '#contract/health.ts';
import { ApiError, createApiClient } from '#kit/api-client.ts';
import { healthQueryOptions } from '#kit/health.queries.ts';
import { LogoMark } from '#kit/logo.tsx';
import { usePageTitle } from '#kit/use-page-title.ts';

// Health needs no session; signed-in screens will get their client from the app's auth setup.
const publicApi = createApiClient();

function HealthBadge() {
  const health = useQuery(healthQueryOptions(publicApi));
  if (health.isPending) {
    return (
      <Badge variant="light" color="gray" leftSection={<Loader size={10} color="gray" />}>
        Checking service
      </Badge>
    );
  }
  if (health.isError) {
    // Status 0: no answer at all; anything else: the server answered that it cannot serve (e.g. database down).
    const unreachable = !(health.error instanceof ApiError) || health.error.status === 0;
    return (
      <Badge variant="light" color="red">
        {unreachable ? 'Service unreachable' : 'Service unavailable'}
      </Badge>
    );
  }
  return <HealthStatus health={health.data} />;
}

function HealthStatus({ health }: { health: HealthResponse }) {
  const healthy = health.status === 'ok';
  return (
    <Badge
      variant="light"
      color={healthy ? 'green' : 'yellow'}
      title={`Database ${health.database.status}, queue ${health.queue.status}`}
    >
      {healthy ? 'All systems operational' : 'Service degraded'} · v{health.version}
    </Badge>
  );
}

/** Placeholder landing screen until the sign-in flow and the spaces list arrive. */
export function HomePage() {
  usePageTitle('Home');
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <LogoMark size={56} />
          <Title order={1} fz={40} style={{ letterSpacing: '-0.02em' }}>
            Polyblok
          </Title>
          <Text c="dimmed" fz="lg">
            Translate your Storyblok content with your team, with AI help and verified quality.
          </Text>
          <HealthBadge />
        </Stack>
      </Paper>
    </Center>
  );
}
