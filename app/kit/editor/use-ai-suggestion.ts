import { useState } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { useEditorContext } from './editor-context.ts';
import { answerValue, type DraftValue } from './key-draft.ts';
import { useAiTranslate } from './key-mutations.ts';

/**
 * One key translated by AI now. The answer fills an untouched translation; over text the translator typed it
 * waits as a suggestion beside it (use or dismiss), so nobody's words are replaced behind their back.
 */
export function useAiSuggestion(key: TranslatableKey) {
  const ctx = useEditorContext();
  const ai = useAiTranslate(key.id);
  const [suggestion, setSuggestion] = useState<DraftValue | null>(null);

  const translate = () => {
    if (!ctx.canTranslate || ai.isPending || key.has_translation_ask) return;
    ai.mutateAsync(key)
      .then(({ content }) => {
        const answer = answerValue(key, content);
        if (ctx.drafts.get(key.id) !== undefined) setSuggestion(answer);
        else ctx.drafts.set(key.id, answer, key);
      })
      .catch(() => undefined);
  };

  return { pending: ai.isPending, translate, suggestion, dismiss: () => setSuggestion(null) };
}
