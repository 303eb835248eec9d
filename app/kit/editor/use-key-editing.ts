import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { useDraft } from './drafts-store.ts';
import { useEditorContext } from './editor-context.ts';
import { sameValue, savedValue, sourceValue, type DraftValue } from './key-draft.ts';
import { useSetVerified } from './key-mutations.ts';
import type { MarkerInputHandle } from './marker-input.tsx';
import { shortcutFor } from './shortcuts.ts';
import { useAiSuggestion } from './use-ai-suggestion.ts';
import { useKeySave } from './use-key-save.ts';
import { verifyRefusal } from './verify-reason.ts';
import { verifyAfterChecks } from './confirm-verify.tsx';

export interface KeyEditingOptions {
  /** Set (to a new number each time) when this translation should take the keyboard focus. */
  focusRequest: number | null;
  onFocused(): void;
  /** Moves to the next (1) or previous (-1) key of the list. */
  onNavigate(fromKeyId: number, direction: 1 | -1): void;
  /** What takes the focus when the translation has no text box. */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/**
 * One key's translation in the language of the surrounding editor: its unsaved text, saving, verifying, AI and
 * the keyboard shortcuts. The single-language row and each column of the side-by-side view share it.
 */
export function useKeyEditing(key: TranslatableKey, options: KeyEditingOptions) {
  const { focusRequest, onFocused, onNavigate, fallbackFocus } = options;
  const ctx = useEditorContext();
  const draft = useDraft(ctx.drafts, key.id);
  const saved = useMemo(
    () => savedValue(key),
    // A new answer from the server is a new key object; only these fields decide the saved value.
    [key.field_type, key.value, key.translated_key_value],
  );
  const value = draft ?? saved;
  const dirty = draft !== undefined;
  const readOnly = !ctx.canTranslate || key.has_translation_ask;

  const save = useKeySave(key, value, dirty);
  const ai = useAiSuggestion(key);
  const verify = useSetVerified();

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const firstBlockRef = useRef<MarkerInputHandle>(null);

  useEffect(() => {
    if (focusRequest === null) return;
    if (textareaRef.current) textareaRef.current.focus();
    else if (firstBlockRef.current) firstBlockRef.current.focus();
    else fallbackFocus.current?.focus();
    onFocused();
  }, [focusRequest, onFocused, fallbackFocus]);

  const setValue = (next: DraftValue) => ctx.drafts.set(key.id, sameValue(next, saved) ? null : next, key);

  const hasSaved = key.translated_key_value_text !== null;
  const isVerified = hasSaved && key.translated_key_reference_hash === key.hash;

  const doSave = (verifyIt: boolean, thenNext: boolean) => {
    if (!dirty) {
      if (thenNext) onNavigate(key.id, 1);
      return;
    }
    void save.saveDraft(verifyIt).then((done) => done && thenNext && onNavigate(key.id, 1));
  };

  const toggleVerified = () => {
    if (!ctx.canTranslate) return;
    const refused = verifyRefusal({ hasSaved, dirty, askPending: key.has_translation_ask });
    if (refused) {
      const id = `verify-${ctx.localeCode}-${key.id}`;
      notifications.show({ id, color: 'yellow', title: 'Not verified', message: refused });
      return;
    }
    // With unsaved text, "verify" means: this text, saved as verified.
    if (dirty) return doSave(true, false);
    if (isVerified) verify.mutate({ keys: [key], verified: false });
    else verifyAfterChecks([key], () => verify.mutate({ keys: [key], verified: true }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'nextKey' || action === 'previousKey') onNavigate(key.id, action === 'nextKey' ? 1 : -1);
    else if (action === 'save' || action === 'saveAndNext') doSave(ctx.verifyOnSave, action === 'saveAndNext');
    else if (action === 'toggleVerify') toggleVerified();
    else if (action === 'aiTranslate') ai.translate();
    else if (action === 'copySource' && !readOnly) setValue(sourceValue(key));
  };

  return {
    ctx,
    value,
    dirty,
    readOnly,
    hasSaved,
    isVerified,
    save,
    ai,
    verify,
    textareaRef,
    firstBlockRef,
    setValue,
    doSave,
    toggleVerified,
    onKeyDown,
  };
}

export type KeyEditing = ReturnType<typeof useKeyEditing>;
