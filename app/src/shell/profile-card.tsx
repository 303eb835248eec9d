import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { InitialAvatar } from '#kit/components/initial-avatar.tsx';
import { ChevronIcon } from './shell-icons.tsx';
import classes from './profile-card.module.css';
import { useAccount } from './use-account.ts';

// Loaded on first open: the two-factor screens are not worth a byte of the first route.
const ProfileDialog = lazy(async () => ({ default: (await import('./profile-dialog.tsx')).ProfileDialog }));

/** The sidebar's profile card; opens the 'User Profile' dialog. */
export function ProfileCard() {
  const account = useAccount();
  const [opened, { open, close }] = useDisclosure(false);
  // Stays mounted after the first open so the dialog's closing transition can play.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <UnstyledButton
        className={classes.card}
        onClick={() => {
          setWanted(true);
          open();
        }}
        aria-haspopup="dialog"
        aria-label="Open your profile"
      >
        <Group gap="sm" wrap="nowrap">
          <InitialAvatar name={account.name} email={account.email} size={38} />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            {account.name && (
              <Text fz="sm" fw={600} truncate="end">
                {account.name}
              </Text>
            )}
            <Text fz={account.name ? 'xs' : 'sm'} c={account.name ? 'dimmed' : undefined} truncate="end">
              {account.email}
            </Text>
          </Stack>
          <ChevronIcon />
        </Group>
      </UnstyledButton>
      {wanted && (
        <Suspense fallback={null}>
          <ProfileDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
