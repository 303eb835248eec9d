import { Anchor, Collapse, Group, Paper, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import classes from './editor.module.css';
import { wordDiff } from './word-diff.ts';

/** A verified translation whose source changed since: how the source changed, word by word. */
export function OutdatedNotice({ before, after }: { before: string; after: string }) {
  const [open, setOpen] = useState(false);
  const parts = useMemo(() => (open ? wordDiff(before, after) : []), [open, before, after]);
  return (
    <Paper withBorder radius="sm" p="xs" bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
      <Group gap={6} wrap="nowrap">
        <IconHistory size={16} color="var(--mantine-color-orange-7)" aria-hidden />
        <Text fz="xs" c="orange.9" style={{ flex: 1 }}>
          The source changed after this translation was verified.
        </Text>
        <Anchor
          component="button"
          type="button"
          fz="xs"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
        >
          {open ? 'Hide changes' : 'Show changes'}
        </Anchor>
      </Group>
      <Collapse expanded={open}>
        <Text component="div" className={classes.diff} mt="xs" aria-label="Source changes">
          {parts.map((part, index) =>
            part.kind === 'same' ? (
              <span key={index}>{part.text}</span>
            ) : part.kind === 'added' ? (
              <ins key={index}>{part.text}</ins>
            ) : (
              <del key={index}>{part.text}</del>
            ),
          )}
        </Text>
      </Collapse>
    </Paper>
  );
}
