import { Stack, Text } from '@mantine/core';
import type { TranslatableKey } from '#contract/content.ts';
import { AiSuggestion } from './ai-suggestion.tsx';
import { KeyRowActions } from './key-row-actions.tsx';
import { MemoryMatches } from './memory-matches.tsx';
import { answerValue, canSave, readableText, sourceValue } from './key-draft.ts';
import { editorKindOf, keyPath, seoLengthLimit } from './key-label.ts';
import { RichtextTargetEditor } from './richtext-target-editor.tsx';
import { SaveConflict } from './save-conflict.tsx';
import { TextTargetEditor } from './text-target-editor.tsx';
import type { KeyEditing } from './use-key-editing.ts';

export interface KeyTargetProps {
  keyData: TranslatableKey;
  editing: KeyEditing;
  /** Its label names the language (several languages side by side). */
  namesLanguage?: boolean;
}

/** The translation of one key being edited, with what can be done with it (save, verify, AI, copy, revert). */
export function KeyTarget({ keyData: key, editing, namesLanguage = false }: KeyTargetProps) {
  const { ctx, value, dirty, readOnly, save, ai, setValue } = editing;
  const label = `${namesLanguage ? `${ctx.localeName} translation` : 'Translation'} of ${keyPath(key)}`;
  const placeholder = readOnly ? 'No translation yet' : `Translate into ${ctx.localeName}…`;
  return (
    <Stack gap={6}>
      {value.kind === 'richtext' ? (
        <RichtextTargetEditor
          value={value}
          onChange={setValue}
          label={label}
          readOnly={readOnly}
          firstBlockRef={editing.firstBlockRef}
        />
      ) : (
        <TextTargetEditor
          value={value.text}
          onChange={(text) => setValue({ kind: 'text', text })}
          label={label}
          readOnly={readOnly}
          placeholder={placeholder}
          lengthLimit={seoLengthLimit(key)}
          monospace={editorKindOf(key.field_type) === 'markdown'}
          inputRef={editing.textareaRef}
        />
      )}
      {save.conflict && dirty && (
        <SaveConflict
          theirs={save.conflict.theirs}
          mine={readableText(value, key.field_type)}
          saving={save.saving}
          onKeepMine={save.keepMine}
          onTakeTheirs={save.takeTheirs}
        />
      )}
      {!readOnly && key.tm_matches.length > 0 && (!dirty || ctx.drafts.appliedFrom(key.id) === 'memory') && (
        <MemoryMatches
          matches={key.tm_matches}
          onUse={(match) => {
            const applied = answerValue(key, match.translation_value);
            setValue(applied);
            ctx.drafts.markApplied(key.id, applied, 'memory');
          }}
        />
      )}
      {ai.suggestion && (
        <AiSuggestion
          text={readableText(ai.suggestion.value, key.field_type)}
          score={ai.suggestion.score}
          reasons={ai.suggestion.reasons}
          onUse={() => {
            setValue(ai.suggestion!.value);
            ctx.drafts.markApplied(key.id, ai.suggestion!.value, 'ai');
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
          saving={save.saving}
          aiPending={ai.pending}
          askPending={key.has_translation_ask}
          hasSaved={editing.hasSaved}
          verified={editing.isVerified}
          verifyPending={editing.verify.isPending}
          onSave={() => editing.doSave(ctx.verifyOnSave, false)}
          onToggleVerified={editing.toggleVerified}
          onAiTranslate={ai.translate}
          onCopySource={() => setValue(sourceValue(key))}
          onRevert={() => ctx.drafts.set(key.id, null)}
          onUndo={save.canUndo ? save.undo : undefined}
        />
      )}
    </Stack>
  );
}
