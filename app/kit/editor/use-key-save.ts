import { notifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import type { CurrentTranslation } from '#contract/errors.ts';
import { ApiError, isOvertaken } from '../api/api-client.ts';
import { useEditorContext } from './editor-context.ts';
import { canSave, type DraftValue } from './key-draft.ts';
import { useUndoLastChange } from './key-history.queries.ts';
import { saveMutationKey, useSaveTranslation } from './key-mutations.ts';

/** A colleague's save that refused the translator's: both texts are shown until one is kept. */
export interface SaveConflictState {
  theirs: CurrentTranslation;
  /** Whether the refused save was to verify, so keeping one's own text does what was asked. */
  verify: boolean;
}

const overtaken = (error: unknown) => (isOvertaken(error) ? error.current : null);

/**
 * Saving one key's unsaved text over the translation it was started from. A colleague's save meanwhile turns into
 * a conflict to settle (keep mine, take theirs), never into a silent overwrite or a lost text.
 */
export function useKeySave(key: TranslatableKey, value: DraftValue, dirty: boolean) {
  const ctx = useEditorContext();
  const save = useSaveTranslation(key.id);
  const saving = useIsMutating({ mutationKey: saveMutationKey(key.id) }) > 0;
  const [conflict, setConflict] = useState<SaveConflictState | null>(null);

  const send = (verify: boolean, base: string | null) =>
    save
      .mutateAsync({
        key,
        value,
        verify,
        base,
        sourceHash: ctx.drafts.sourceHashOf(key.id),
        origin: ctx.drafts.appliedFrom(key.id),
      })
      .then(
        () => {
          setConflict(null);
          return true;
        },
        (error: unknown) => {
          const theirs = overtaken(error);
          if (theirs) setConflict({ theirs, verify });
          // Refused because the source changed: the editor now shows the new one, which the next save is against.
          if (error instanceof ApiError && error.code === 'source_changed') ctx.drafts.acceptSource(key.id);
          return false;
        },
      );

  /** Saves the unsaved text (verified when asked); answers whether it was saved. */
  const saveDraft = async (verify: boolean): Promise<boolean> => {
    if (!ctx.canTranslate || saving || !dirty) return false;
    if (!canSave(value)) {
      notifications.show({
        color: 'yellow',
        title: 'Not saved yet',
        message: 'Fix the highlighted blocks first: every block needs its text and its formatting.',
      });
      return false;
    }
    return send(verify, ctx.drafts.baseOf(key.id) ?? key.updated_at);
  };

  const keepMine = () => {
    if (conflict) void send(conflict.verify, conflict.theirs.updated_at);
  };

  const takeTheirs = () => {
    ctx.drafts.set(key.id, null);
    setConflict(null);
  };

  // Undo works on the server's history of the key, whoever made its last change; never over unsaved text.
  const history = useUndoLastChange(key);
  const canUndo =
    ctx.canTranslate && !dirty && !saving && !history.pending && !key.has_translation_ask && key.updated_at !== null;

  return { saving, saveDraft, conflict, keepMine, takeTheirs, canUndo, undo: history.undo };
}
