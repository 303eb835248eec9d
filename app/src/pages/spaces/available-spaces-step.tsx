import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { AvailableSpace } from '#contract/space-connect.ts';
import { errorMessage } from '#kit/components/notify.ts';

export interface AvailableSpacesStepProps {
  spaces: AvailableSpace[];
  /** The Storyblok space being added, while its request runs. */
  adding: number | null;
  error: unknown;
  onAdd: (space: AvailableSpace) => void;
  onBack: () => void;
}

function SpaceRow({ space, adding, onAdd }: { space: AvailableSpace; adding: number | null; onAdd: () => void }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={space.name}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {space.name}
            </Text>
            <Badge variant="outline" color="gray" size="sm">
              {space.region.toUpperCase()}
            </Badge>
            {space.already_associated && (
              <Badge variant="light" color="yellow" size="sm">
                Already in Polyblok
              </Badge>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            {space.already_associated
              ? 'Another team connected it: adding it asks its admins to let you in.'
              : `Storyblok space ${space.id}`}
          </Text>
        </Stack>
        <Button
          variant={space.already_associated ? 'default' : 'filled'}
          onClick={onAdd}
          loading={adding === space.id}
          disabled={adding !== null && adding !== space.id}
        >
          Add this space
        </Button>
      </Group>
    </Paper>
  );
}

/** Step 2 of 'Add a space': the Storyblok spaces the token sees. */
export function AvailableSpacesStep({ spaces, adding, error, onAdd, onBack }: AvailableSpacesStepProps) {
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {spaces.length === 0
          ? 'This token does not give access to any Storyblok space. Check that it belongs to the right Storyblok account.'
          : 'Choose the Storyblok space to translate. Adding it imports its stories and languages.'}
      </Text>
      {Boolean(error) && (
        <Alert color="red" variant="light" title="The space could not be added">
          {errorMessage(error, 'Please try again in a moment.')}
        </Alert>
      )}
      {spaces.length > 0 && (
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap="sm">
            {spaces.map((space) => (
              <SpaceRow key={space.id} space={space} adding={adding} onAdd={() => onAdd(space)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={adding !== null}>
          Back to access token
        </Button>
      </Group>
    </Stack>
  );
}
