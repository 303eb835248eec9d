import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { memo, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import classes from './editor.module.css';
import { KeyBadges } from './key-badges.tsx';
import { fieldTypeLabel, keyPath } from './key-label.ts';
import { KeyTarget } from './key-target.tsx';
import { OutdatedNotice } from './outdated-notice.tsx';
import { SourceView } from './source-view.tsx';
import { useKeyEditing } from './use-key-editing.ts';

export interface KeyRowProps {
  keyData: TranslatableKey;
  active: boolean;
  selected: boolean;
  selectable: boolean;
  /** Set (to a new number each time) when this row should take the keyboard focus. */
  focusRequest: number | null;
  onSelect(keyId: number, selected: boolean): void;
  onActivate(keyId: number): void;
  /** Moves to the next (1) or previous (-1) key of the list. */
  onNavigate(fromKeyId: number, direction: 1 | -1): void;
  onFocused(): void;
  onOpenDetails(key: TranslatableKey): void;
}

/** One key: its source beside the translation being edited, its status, and what can be done with it. */
export const KeyRow = memo(function KeyRow(props: KeyRowProps) {
  const { keyData: key, active, selected, selectable } = props;
  const rowRef = useRef<HTMLDivElement>(null);
  const editing = useKeyEditing(key, {
    focusRequest: props.focusRequest,
    onFocused: props.onFocused,
    onNavigate: props.onNavigate,
    fallbackFocus: rowRef,
  });
  const path = keyPath(key);

  return (
    <KeyRowFrame
      rowRef={rowRef}
      keyId={key.id}
      path={path}
      active={active}
      onActivate={props.onActivate}
      onKeyDown={editing.onKeyDown}
    >
      <Stack gap="xs" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <KeyTitle keyData={key} selectable={selectable} selected={selected} onSelect={props.onSelect} />
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <KeyBadges keyData={key} dirty={editing.dirty} />
            <KeyDetailsButton keyData={key} onOpenDetails={props.onOpenDetails} />
          </Group>
        </Group>
        <div className={classes.columns}>
          <Stack gap={6}>
            <SourceView keyData={key} terms={editing.ctx.glossary} />
            {key.is_outdated && key.verified_source_text !== null && (
              <OutdatedNotice before={key.verified_source_text} after={key.value_text} />
            )}
          </Stack>
          <KeyTarget keyData={key} editing={editing} />
        </div>
      </Stack>
    </KeyRowFrame>
  );
});

interface KeyRowFrameProps {
  rowRef?: RefObject<HTMLDivElement | null>;
  keyId: number;
  path: string;
  active: boolean;
  onActivate(keyId: number): void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}

/** A key of the list: named by its path, marked while it is the one being worked on. */
export function KeyRowFrame({ rowRef, keyId, path, active, onActivate, onKeyDown, children }: KeyRowFrameProps) {
  return (
    <div
      ref={rowRef}
      className={classes.row}
      data-active={active || undefined}
      data-key-id={keyId}
      data-testid="key-row"
      role="group"
      aria-label={path}
      tabIndex={-1}
      onFocusCapture={() => onActivate(keyId)}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

interface KeyTitleProps {
  keyData: TranslatableKey;
  selectable: boolean;
  selected: boolean;
  onSelect(keyId: number, selected: boolean): void;
}

/** The key's place in the story and its field type, with its selection box. */
export function KeyTitle({ keyData: key, selectable, selected, onSelect }: KeyTitleProps) {
  const path = keyPath(key);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {selectable && (
        <Checkbox
          aria-label={`Select ${path}`}
          checked={selected}
          onChange={(event) => onSelect(key.id, event.currentTarget.checked)}
        />
      )}
      <Text fw={600} fz="sm" truncate title={key.key}>
        {path}
      </Text>
      <Badge variant="default" size="xs" radius="sm" style={{ flexShrink: 0 }}>
        {fieldTypeLabel(key.field_type)}
      </Badge>
    </Group>
  );
}

export function KeyDetailsButton(props: { keyData: TranslatableKey; onOpenDetails(key: TranslatableKey): void }) {
  return (
    <Tooltip label="Key details">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Key details of ${keyPath(props.keyData)}`}
        onClick={() => props.onOpenDetails(props.keyData)}
      >
        <IconInfoCircle size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
