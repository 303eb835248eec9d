import { ActionIcon, Group, Kbd, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { Fragment, useMemo, useState } from 'react';
import { isMacPlatform, shortcutList } from './shortcuts.ts';

/** The editor's keyboard shortcuts, one click away. */
export function ShortcutsHelp() {
  const list = useMemo(() => shortcutList(isMacPlatform()), []);
  const [opened, setOpened] = useState(false);
  // The popover closes on Escape only while the focus is inside it; the list is read, not tabbed through, so
  // Escape closes it wherever the focus is (heard first, before the button's tooltip takes the key).
  useWindowEvent(
    'keydown',
    (event) => {
      if (opened && event.key === 'Escape') setOpened(false);
    },
    { capture: true },
  );
  return (
    <Popover position="bottom-end" shadow="md" width={340} withArrow opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label="Keyboard shortcuts">
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Keyboard shortcuts"
            aria-expanded={opened}
            onClick={() => setOpened((current) => !current)}
          >
            <IconKeyboard size={17} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} fz="sm" mb="xs">
          Keyboard shortcuts
        </Text>
        <Stack gap={8}>
          {list.map((shortcut) => (
            <Group key={shortcut.action} justify="space-between" wrap="nowrap" gap="md">
              <Text fz="sm">{shortcut.label}</Text>
              <Group gap={4} wrap="nowrap">
                {shortcut.keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && (
                      <Text span fz="xs" c="dimmed">
                        +
                      </Text>
                    )}
                    <Kbd size="xs">{key}</Kbd>
                  </Fragment>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
        <Text fz="xs" c="dimmed" mt="sm">
          They work while a translation has the focus.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
