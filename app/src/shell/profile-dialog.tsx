import { Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#kit/auth/auth-context.ts';
import { InitialAvatar } from '#kit/components/initial-avatar.tsx';
import { resetCrispSession } from './crisp-chat.ts';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useAccount } from './use-account.ts';

export interface ProfileDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Spec: the 'User Profile' dialog: initial avatar, display name, e-mail, two-factor, red Logout. */
export function ProfileDialog({ opened, onClose }: ProfileDialogProps) {
  const account = useAccount();
  const auth = useAuth();
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
        <TwoFactorSection />
        <Divider />
        <Button color="red" fullWidth onClick={() => void logout()} loading={loggingOut}>
          Logout
        </Button>
      </Stack>
    </Modal>
  );
}
