import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useAccount } from '../shell/use-account.ts';
import { CurrentSpaceContext, currentSpaceOf } from './current-space.ts';

/** Every /spaces/:spaceId/... screen: the joined space from the account, or 'Space not found'. */
export function SpaceLayout() {
  const { spaceId } = useParams();
  const account = useAccount();
  const space = account.spaces.find((s) => String(s.id) === spaceId && s.pivot.status === 'joined');
  const current = useMemo(() => (space ? currentSpaceOf(space) : null), [space]);
  if (!current) return <SpaceNotFound />;
  return (
    <CurrentSpaceContext value={current}>
      <Outlet />
    </CurrentSpaceContext>
  );
}

function SpaceNotFound() {
  usePageTitle('Space not found');
  const navigate = useNavigate();
  return (
    <Center mih="70dvh" p="md">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" mb="sm">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Space not found
        </Title>
        <Text c="dimmed">Please check you have right to access this space</Text>
        <Button
          mt="md"
          onClick={() => {
            // Opened from a link or typed in: there is nothing in the app to go back to, so go to the spaces.
            const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
            void (index > 0 ? navigate(-1) : navigate('/'));
          }}
        >
          Go back
        </Button>
      </Stack>
    </Center>
  );
}
