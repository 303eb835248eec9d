import { useState } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { useEditorContext } from './editor-context.ts';
import { answerValue, type DraftValue } from './key-draft.ts';
import { useAiTranslate } from './key-mutations.ts';

/** An AI answer waiting beside the translator's text, with the quality estimate it came with. */
export interface WaitingSuggestion {
  value: DraftValue;
  score: number | null;
  reasons: TranslatableKey['ai_score_reasons'];
}

/**
 * One key translated by AI now. The answer fills an untouched translation; over text the translator typed it
 * waits as a suggestion beside it (use or dismiss), so nobody's words are replaced behind their back. Either
 * way, saved as it came it is the AI's translation, with its score.
 */
export function useAiSuggestion(key: TranslatableKey) {
  const ctx = useEditorContext();
  const ai = useAiTranslate(key.id);
  const [suggestion, setSuggestion] = useState<WaitingSuggestion | null>(null);

  const translate = () => {
    if (!ctx.canTranslate || ai.isPending || key.has_translation_ask) return;
    ai.mutateAsync(key)
      .then(({ content, ai_score, ai_score_reasons }) => {
        const answer = answerValue(key, content);
        if (ctx.drafts.get(key.id) !== undefined) {
          setSuggestion({ value: answer, score: ai_score, reasons: ai_score_reasons });
          return;
        }
        ctx.drafts.set(key.id, answer, key);
        ctx.drafts.markApplied(key.id, answer, 'ai');
      })
      .catch(() => undefined);
  };

  return { pending: ai.isPending, translate, suggestion, dismiss: () => setSuggestion(null) };
}
