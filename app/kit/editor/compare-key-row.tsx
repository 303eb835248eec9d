import { Group, Stack, Text } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import classes from './editor.module.css';
import { EditorContext, useEditorContext, type CompareColumn } from './editor-context.ts';
import { KeyBadges } from './key-badges.tsx';
import { keyPath } from './key-label.ts';
import { KeyDetailsButton, KeyRowFrame, KeyTitle } from './key-row.tsx';
import { KeyTarget } from './key-target.tsx';
import { OutdatedNotice } from './outdated-notice.tsx';
import { SourceView } from './source-view.tsx';
import { useKeyEditing } from './use-key-editing.ts';

export interface CompareKeyRowProps {
  keyData: TranslatableKey;
  columns: readonly CompareColumn[];
  active: boolean;
  selected: boolean;
  selectable: boolean;
  /** Set when a column of this row should take the keyboard focus (the first one when none is named). */
  focusRequest: { nonce: number; column?: string } | null;
  onSelect(keyId: number, selected: boolean): void;
  onActivate(keyId: number): void;
  onNavigate(fromKeyId: number, direction: 1 | -1, column?: string): void;
  onFocused(): void;
  onOpenDetails(key: TranslatableKey): void;
}

/** One key with languages side by side: its source once, then each language's translation with its own status. */
export const CompareKeyRow = memo(function CompareKeyRow(props: CompareKeyRowProps) {
  const { keyData: key, columns, focusRequest } = props;
  const path = keyPath(key);
  const [first] = columns;
  const focusColumn = focusRequest?.column ?? first?.context.localeCode;
  return (
    <KeyRowFrame keyId={key.id} path={path} active={props.active} onActivate={props.onActivate}>
      <Stack gap="xs" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <KeyTitle keyData={key} selectable={props.selectable} selected={props.selected} onSelect={props.onSelect} />
          <KeyDetailsButton keyData={key} onOpenDetails={props.onOpenDetails} />
        </Group>
        <div className={classes.compareColumns} data-count={columns.length}>
          <SourceView keyData={key} terms={first?.context.glossary ?? []} />
          {columns.map((column) => {
            const own = column.story.translatable_keys.find((candidate) => candidate.id === key.id);
            return (
              <EditorContext key={column.context.localeCode} value={column.context}>
                {own ? (
                  <CompareCell
                    keyData={own}
                    focusRequest={focusColumn === column.context.localeCode ? (focusRequest?.nonce ?? null) : null}
                    onNavigate={props.onNavigate}
                    onFocused={props.onFocused}
                  />
                ) : (
                  <Text fz="sm" c="dimmed">
                    Not in {column.context.localeName} yet: the story is being read again.
                  </Text>
                )}
              </EditorContext>
            );
          })}
        </div>
      </Stack>
    </KeyRowFrame>
  );
});

interface CompareCellProps {
  keyData: TranslatableKey;
  focusRequest: number | null;
  onNavigate(fromKeyId: number, direction: 1 | -1, column?: string): void;
  onFocused(): void;
}

/** One language's translation of the key; its shortcuts act on this language and keep to this column. */
function CompareCell({ keyData: key, focusRequest, onNavigate, onFocused }: CompareCellProps) {
  const ctx = useEditorContext();
  const cellRef = useRef<HTMLDivElement>(null);
  const locale = ctx.localeCode;
  const navigate = useCallback(
    (fromKeyId: number, direction: 1 | -1) => onNavigate(fromKeyId, direction, locale),
    [onNavigate, locale],
  );
  const editing = useKeyEditing(key, { focusRequest, onFocused, onNavigate: navigate, fallbackFocus: cellRef });
  return (
    <div
      ref={cellRef}
      className={classes.compareCell}
      role="group"
      aria-label={`${keyPath(key)} in ${ctx.localeName}`}
      data-locale={ctx.localeCode}
      tabIndex={-1}
      onKeyDown={editing.onKeyDown}
    >
      <Stack gap={6}>
        <Group gap={6} justify="space-between" wrap="wrap">
          <Text fz="xs" fw={600} c="dimmed">
            {ctx.localeName}
          </Text>
          <Group gap={4} wrap="wrap">
            <KeyBadges keyData={key} dirty={editing.dirty} />
          </Group>
        </Group>
        {key.is_outdated && key.verified_source_text !== null && (
          <OutdatedNotice before={key.verified_source_text} after={key.value_text} />
        )}
        <KeyTarget keyData={key} editing={editing} namesLanguage />
      </Stack>
    </div>
  );
}
