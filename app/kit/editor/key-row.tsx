import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { useDraft } from './drafts-store.ts';
import classes from './editor.module.css';
import { useEditorContext } from './editor-context.ts';
import { AiSuggestion } from './ai-suggestion.tsx';
import { GlossaryIssues } from './glossary-issues.tsx';
import { KeyRowActions } from './key-row-actions.tsx';
import { canSave, readableText, sameValue, savedValue, sourceValue, type DraftValue } from './key-draft.ts';
import { editorKindOf, fieldTypeLabel, keyPath, seoLengthLimit } from './key-label.ts';
import { useSetVerified } from './key-mutations.ts';
import type { MarkerInputHandle } from './marker-input.tsx';
import { OutdatedNotice } from './outdated-notice.tsx';
import { RichtextTargetEditor } from './richtext-target-editor.tsx';
import { SaveConflict } from './save-conflict.tsx';
import { shortcutFor } from './shortcuts.ts';
import { SourceView } from './source-view.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TextTargetEditor } from './text-target-editor.tsx';
import { useAiSuggestion } from './use-ai-suggestion.ts';
import { useKeySave } from './use-key-save.ts';
import { verifyRefusal } from './verify-reason.ts';

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
  const { keyData: key, active, selected, selectable, focusRequest, onFocused } = props;
  const ctx = useEditorContext();
  const draft = useDraft(ctx.drafts, key.id);
  const saved = useMemo(
    () => savedValue(key),
    // A new answer from the server is a new key object; only these fields decide the saved value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key.field_type, key.value, key.translated_key_value],
  );
  const value = draft ?? saved;
  const dirty = draft !== undefined;
  const path = keyPath(key);
  const readOnly = !ctx.canTranslate || key.has_translation_ask;

  const { saving, saveDraft, conflict, keepMine, takeTheirs, canUndo, undo } = useKeySave(key, value, dirty);
  const ai = useAiSuggestion(key);
  const verify = useSetVerified();

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const firstBlockRef = useRef<MarkerInputHandle>(null);
  const rowRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest === null) return;
    if (textareaRef.current) textareaRef.current.focus();
    else if (firstBlockRef.current) firstBlockRef.current.focus();
    else rowRef.current?.focus();
    onFocused();
  }, [focusRequest, onFocused]);

  const setValue = (next: DraftValue) => ctx.drafts.set(key.id, sameValue(next, saved) ? null : next, key.updated_at);

  const hasSaved = key.translated_key_value_text !== null;
  const isVerified = hasSaved && key.translated_key_reference_hash === key.hash;

  const doSave = (verifyIt: boolean, thenNext: boolean) => {
    if (!dirty) {
      if (thenNext) props.onNavigate(key.id, 1);
      return;
    }
    void saveDraft(verifyIt).then((saved) => saved && thenNext && props.onNavigate(key.id, 1));
  };

  const toggleVerified = () => {
    if (!ctx.canTranslate) return;
    const refused = verifyRefusal({ hasSaved, dirty, askPending: key.has_translation_ask });
    if (refused) {
      notifications.show({ id: `verify-${key.id}`, color: 'yellow', title: 'Not verified', message: refused });
      return;
    }
    // With unsaved text, "verify" means: this text, saved as verified.
    if (dirty) return doSave(true, false);
    verify.mutate({ keys: [key], verified: !isVerified });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'nextKey' || action === 'previousKey') props.onNavigate(key.id, action === 'nextKey' ? 1 : -1);
    else if (action === 'save' || action === 'saveAndNext') doSave(ctx.verifyOnSave, action === 'saveAndNext');
    else if (action === 'toggleVerify') toggleVerified();
    else if (action === 'aiTranslate') ai.translate();
    else if (action === 'copySource' && !readOnly) setValue(sourceValue(key));
  };

  const label = `Translation of ${path}`;
  const kind = editorKindOf(key.field_type);
  const placeholder = readOnly ? 'No translation yet' : `Translate into ${ctx.localeName}…`;

  return (
    <div
      ref={rowRef}
      className={classes.row}
      data-active={active || undefined}
      data-key-id={key.id}
      data-testid="key-row"
      role="group"
      aria-label={path}
      tabIndex={-1}
      onFocusCapture={() => props.onActivate(key.id)}
      onKeyDown={onKeyDown}
    >
      <Stack gap="xs" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {selectable && (
              <Checkbox
                aria-label={`Select ${path}`}
                checked={selected}
                onChange={(event) => props.onSelect(key.id, event.currentTarget.checked)}
              />
            )}
            <Text fw={600} fz="sm" truncate title={key.key}>
              {path}
            </Text>
            <Badge variant="default" size="xs" radius="sm" style={{ flexShrink: 0 }}>
              {fieldTypeLabel(key.field_type)}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {dirty && (
              <Badge color="brand" variant="dot" size="sm">
                Unsaved
              </Badge>
            )}
            {key.is_needing_formatting && (
              <Tooltip
                label="Saved as plain text: its formatting is still to be redone from the source."
                multiline
                w={240}
              >
                <Badge color="gray" variant="light" size="sm">
                  Needs formatting
                </Badge>
              </Tooltip>
            )}
            <GlossaryIssues issues={key.glossary_issues} />
            {key.is_outdated && (
              <Badge color="orange" variant="light" size="sm">
                Outdated
              </Badge>
            )}
            <StatusBadge status={key.status} />
            <Tooltip label="Key details">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Key details of ${path}`}
                onClick={() => props.onOpenDetails(key)}
              >
                <IconInfoCircle size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <div className={classes.columns}>
          <Stack gap={6}>
            <SourceView keyData={key} terms={ctx.glossary} />
            {key.is_outdated && key.verified_source_text !== null && (
              <OutdatedNotice before={key.verified_source_text} after={key.value_text} />
            )}
          </Stack>
          <Stack gap={6}>
            {value.kind === 'richtext' ? (
              <RichtextTargetEditor
                value={value}
                onChange={setValue}
                label={label}
                readOnly={readOnly}
                firstBlockRef={firstBlockRef}
              />
            ) : (
              <TextTargetEditor
                value={value.text}
                onChange={(text) => setValue({ kind: 'text', text })}
                label={label}
                readOnly={readOnly}
                placeholder={placeholder}
                lengthLimit={seoLengthLimit(key)}
                monospace={kind === 'markdown'}
                inputRef={textareaRef}
              />
            )}
            {conflict && dirty && (
              <SaveConflict
                theirs={conflict.theirs}
                mine={readableText(value, key.field_type)}
                saving={saving}
                onKeepMine={keepMine}
                onTakeTheirs={takeTheirs}
              />
            )}
            {ai.suggestion && (
              <AiSuggestion
                text={readableText(ai.suggestion, key.field_type)}
                onUse={() => {
                  setValue(ai.suggestion!);
                  ai.dismiss();
                }}
                onDismiss={ai.dismiss}
              />
            )}
            {key.ask_error && (
              <Text fz="xs" c="red.7">
                The last AI translation failed: {key.ask_error}
              </Text>
            )}
            {ctx.canTranslate && (
              <KeyRowActions
                dirty={dirty}
                savable={dirty && canSave(value)}
                saving={saving}
                aiPending={ai.pending}
                askPending={key.has_translation_ask}
                hasSaved={hasSaved}
                verified={isVerified}
                verifyPending={verify.isPending}
                onSave={() => doSave(ctx.verifyOnSave, false)}
                onToggleVerified={toggleVerified}
                onAiTranslate={ai.translate}
                onCopySource={() => setValue(sourceValue(key))}
                onRevert={() => ctx.drafts.set(key.id, null)}
                onUndo={canUndo ? undo : undefined}
              />
            )}
          </Stack>
        </div>
      </Stack>
    </div>
  );
});
