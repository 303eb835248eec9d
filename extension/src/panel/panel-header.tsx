import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconLogout } from '@tabler/icons-react';
import { LogoMark } from '#kit/components/logo.tsx';

/** The panel's top line: the space it works in, and signing out. */
export function PanelHeader({ spaceName, onSignOut }: { spaceName: string; onSignOut(): void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <LogoMark size={22} />
        <Text fz="sm" fw={600} truncate="end">
          {spaceName}
        </Text>
      </Group>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Panel menu">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
