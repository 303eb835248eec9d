import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { UnsavedKey } from './unsaved-keys.ts';

const LISTED = 8;

export interface UnsavedChangesModalProps {
  opened: boolean;
  unsaved: readonly UnsavedKey[];
  /** Stay where the text is (the default, and what Escape does). */
  onStay(): void;
  /** Go on and lose the unsaved text. */
  onDiscard(): void;
}

/** Asked before anything would drop text the translator typed and did not save. */
export function UnsavedChangesModal({ opened, unsaved, onStay, onDiscard }: UnsavedChangesModalProps) {
  const rest = unsaved.length - LISTED;
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved translations" size="md">
      <Stack gap="md">
        <Text fz="sm">
          {unsaved.length === 1
            ? 'This key has a translation that is not saved. Leaving now loses it.'
            : `These ${unsaved.length} keys have translations that are not saved. Leaving now loses them.`}
        </Text>
        <List spacing={6} size="sm" data-testid="unsaved-keys">
          {unsaved.slice(0, LISTED).map((key) => (
            <List.Item key={`${key.locale ?? ''}:${key.keyId}`}>
              <Text span fw={600} fz="sm">
                {key.path}
              </Text>
              {key.preview && (
                <Text fz="xs" c="dimmed" lineClamp={1}>
                  {key.preview}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
        {rest > 0 && (
          <Text fz="xs" c="dimmed">
            and {rest} more
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" onClick={onDiscard} c="red.7">
            Discard changes
          </Button>
          <Button onClick={onStay} data-autofocus>
            Keep editing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
