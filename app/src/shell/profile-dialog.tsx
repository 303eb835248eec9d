import { Button, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import { InitialAvatar } from '#kit/components/initial-avatar.tsx';
import { notifySuccess } from '#kit/components/notify.ts';
import { resetCrispSession } from './crisp-chat.ts';
import { DisplayNameForm } from './display-name-form.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useAccount } from './use-account.ts';

// Loaded when the dialog opens: the web app's first load stays within its budget.
const ApiTokensSection = lazy(async () => ({ default: (await import('./api-tokens-section.tsx')).ApiTokensSection }));

export interface ProfileDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec: the 'User Profile' dialog: initial avatar, display name (which the person sets here), e-mail, two-factor,
 * personal API tokens, red Logout.
 */
export function ProfileDialog({ opened, onClose }: ProfileDialogProps) {
  const account = useAccount();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    await auth.signOut();
    resetCrispSession();
    navigate('/login', { replace: true });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="User Profile" centered size="md">
      <Stack gap="lg">
        <Stack align="center" gap={6} ta="center">
          <InitialAvatar name={account.name} email={account.email} size={72} fz={28} />
          <Text fw={600} fz="lg" mt="xs">
            {account.name || 'No display name'}
          </Text>
          <Text c="dimmed" fz="sm">
            {account.email}
          </Text>
        </Stack>
        <Divider />
        <DisplayNameForm
          key={account.name ?? ''}
          name={account.name}
          onSave={auth.updateDisplayName}
          onSaved={(name) => {
            notifySuccess(
              'Display name saved',
              name ? `You show as ${name} from now on.` : 'You show by your e-mail address.',
            );
            // Every space's member list and the account come from /api/me and the members endpoints.
            void queryClient.invalidateQueries();
          }}
        />
        <Divider />
        <TwoFactorSection />
        <Divider />
        <Suspense fallback={<Loader size="sm" />}>
          <ApiTokensSection />
        </Suspense>
        <Divider />
        <Button color="red" fullWidth onClick={() => void logout()} loading={loggingOut}>
          Logout
        </Button>
      </Stack>
    </Modal>
  );
}
