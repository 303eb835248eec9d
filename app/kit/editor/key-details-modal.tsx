import { Badge, Code, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { countWords } from '#contract/content-format/word-count.ts';
import { formatCount } from '../format/format.ts';
import { AssociatedKeys } from './associated-keys.tsx';
import { useDraft } from './drafts-store.ts';
import { useEditorContext } from './editor-context.ts';
import { KeyHistory } from './key-history.tsx';
import { readableText, savedValue } from './key-draft.ts';
import { fieldTypeLabel, keyPath } from './key-label.ts';
import { StatusBadge } from './status-badge.tsx';

function Counts({ title, text, testId }: { title: string; text: string; testId: string }) {
  const words = countWords(text);
  const characters = [...text].length;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Group gap="lg" mt={4}>
        <div>
          <Text fz="xl" fw={650} lh={1.2}>
            {formatCount(words)}
          </Text>
          <Text fz="xs" c="dimmed">
            {words === 1 ? 'word' : 'words'}
          </Text>
        </div>
        <div>
          <Text fz="xl" fw={650} lh={1.2}>
            {formatCount(characters)}
          </Text>
          <Text fz="xs" c="dimmed">
            {characters === 1 ? 'character' : 'characters'}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/**
 * One key in detail: where it is, how long its source and the editor's text are, every change of its translation
 * (to revert to), and the other keys of the space with the same source (spec: associated keys), which can take
 * this translation in one go.
 */
export function KeyDetailsModal({ keyData, onClose }: { keyData: TranslatableKey | null; onClose(): void }) {
  return (
    <Modal opened={keyData !== null} onClose={onClose} title="Key details" size="xl">
      {keyData && <KeyDetails keyData={keyData} />}
    </Modal>
  );
}

function KeyDetails({ keyData: key }: { keyData: TranslatableKey }) {
  const ctx = useEditorContext();
  const draft = useDraft(ctx.drafts, key.id);
  const editorText = useMemo(() => readableText(draft ?? savedValue(key), key.field_type), [draft, key]);
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600}>{keyPath(key)}</Text>
          <Badge variant="default" size="sm" radius="sm">
            {fieldTypeLabel(key.field_type)}
          </Badge>
          <StatusBadge status={key.status} />
          {draft && (
            <Badge color="brand" variant="dot" size="sm">
              Unsaved
            </Badge>
          )}
        </Group>
        <Code style={{ overflowWrap: 'anywhere' }}>{key.key}</Code>
      </Stack>
      <SimpleGrid cols={2} spacing="sm">
        <Counts title={`Source (${ctx.sourceName})`} text={key.value_text} testId="source-counts" />
        <Counts title={`Editor text (${ctx.localeName})`} text={editorText} testId="editor-counts" />
      </SimpleGrid>
      <KeyHistory keyData={key} />
      <AssociatedKeys keyData={key} />
    </Stack>
  );
}
