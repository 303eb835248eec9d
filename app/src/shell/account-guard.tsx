import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { accountQueryOptions, isMfaRequired } from '#kit/data/account.queries.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { useAuth } from '#kit/auth/auth-context.ts';
import { LogoLoader } from '#kit/components/logo-loader.tsx';
import { LogoMark } from '#kit/components/logo.tsx';
import { ServerStatusBanner } from '#kit/components/server-status-banner.tsx';

function AccountUnavailable({
  message,
  onRetry,
  onLogout,
}: {
  message: string;
  onRetry: () => void;
  onLogout: () => void;
}) {
  return (
    <>
      {/* While the database is away it says so, and loads the account again by itself once it is back. */}
      <ServerStatusBanner />
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" ta="center" maw={420}>
          <LogoMark size={40} />
          <Title order={1} fz="h3" mt="md">
            Your account could not be loaded
          </Title>
          <Text c="dimmed">{message}</Text>
          <Group mt="md">
            <Button variant="default" onClick={onLogout}>
              Logout
            </Button>
            <Button onClick={onRetry}>Try again</Button>
          </Group>
        </Stack>
      </Center>
    </>
  );
}

/**
 * Spec section 4's auth guard for every signed-in route: the bouncing logo until the session and
 * the account are known, /login for visitors, and the code step for a user whose factor is not yet
 * verified in this session.
 */
export function AccountGuard() {
  const auth = useAuth();
  const api = useApi();
  const ready = auth.status === 'signed_in' && !auth.needsSecondFactor;
  const account = useQuery({ ...accountQueryOptions(api, auth.session?.user.id ?? ''), enabled: ready });
  const mfaRequired = isMfaRequired(account.error);
  const { client } = auth;

  useEffect(() => {
    // The API knows of a factor the session's copy of the user does not (added in another tab):
    // a refresh brings the current user, and with it the code step.
    if (mfaRequired) void client.refreshSession();
  }, [mfaRequired, client]);

  if (auth.status === 'unknown') return <LogoLoader />;
  if (auth.status === 'signed_out' || auth.needsSecondFactor) return <Navigate to="/login" replace />;
  if (account.isPending || mfaRequired) return <LogoLoader />;
  if (account.isError) {
    return (
      <AccountUnavailable
        message={account.error.message}
        onRetry={() => void account.refetch()}
        onLogout={() => void auth.signOut()}
      />
    );
  }
  // The shell is a lazy component (app-router.tsx): the logo keeps bouncing while it downloads.
  return (
    <Suspense fallback={<LogoLoader />}>
      <Outlet />
    </Suspense>
  );
}
