import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CurrentTranslation } from '#contract/errors.ts';
import { formatRelative } from '../format/format.ts';

export interface SaveConflictProps {
  /** The translation as a colleague left it (value_text null: they removed it). */
  theirs: CurrentTranslation;
  /** The translator's own text, still unsaved. */
  mine: string;
  saving: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
}

function Version({ title, text }: { title: string; text: string | null }) {
  return (
    <Stack gap={2} miw={0}>
      <Text fz="xs" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fs={text ? undefined : 'italic'}>
        {text || 'No translation'}
      </Text>
    </Stack>
  );
}

/**
 * A colleague saved this key while the translator was writing: both texts side by side, and nothing is lost
 * until the translator keeps one of them.
 */
export function SaveConflict({ theirs, mine, saving, onKeepMine, onTakeTheirs }: SaveConflictProps) {
  const who = theirs.updated_by ? theirs.updated_by.name || theirs.updated_by.email : 'Someone';
  const when = theirs.updated_at ? ` ${formatRelative(theirs.updated_at)}` : '';
  const what = theirs.value_text === null ? 'removed this translation' : 'changed this translation';
  return (
    <Alert color="orange" variant="light" title={`${who} ${what}${when}`} role="alert">
      <Stack gap="xs">
        <Text fz="sm">Yours was not saved. Keep one of the two:</Text>
        <SimpleGrid cols={2} spacing="sm">
          <Version title={`${who}’s`} text={theirs.value_text} />
          <Version title="Yours" text={mine} />
        </SimpleGrid>
        <Group gap="xs">
          <Button size="compact-sm" onClick={onKeepMine} loading={saving}>
            Keep mine
          </Button>
          <Button size="compact-sm" variant="default" onClick={onTakeTheirs} disabled={saving}>
            Take theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
