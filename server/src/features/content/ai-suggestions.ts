import type { AiScore } from '#contract/ai-score-rules.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { contentHash } from '../../storyblok-content/content-hash.ts';

/** How long the editor's AI answer can still be saved as the AI's: past it, a save is the translator's own. */
const SUGGESTION_HOURS = 24;

/** A stored value as the suggestion compares it: the same whatever the order of a document's keys. */
const valueHash = (value: unknown) => contentHash(value);

/** Remembers the AI button's answer for a key in a language, with its score (the key's last answer only). */
export async function rememberSuggestion(
  prisma: Database,
  ref: { keyId: number; spaceLocaleId: number },
  value: unknown,
  score: AiScore,
): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO ai_suggestions (translatable_key_id, space_locale_id, value_hash, ai_score, ai_score_reasons)
    VALUES (${ref.keyId}, ${ref.spaceLocaleId}, ${valueHash(value)}, ${score.score},
            ${JSON.stringify(score.reasons)}::jsonb)
    ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET
      value_hash = EXCLUDED.value_hash, ai_score = EXCLUDED.ai_score,
      ai_score_reasons = EXCLUDED.ai_score_reasons, created_at = now()`;
}

/**
 * The score of the AI button's answer when `value` is exactly that answer, given within the last day, and the
 * answer is then used up; null when the translator changed it (then it is theirs) or there is none.
 */
export async function takeSuggestion(
  tx: DatabaseTransaction,
  ref: { keyId: number; spaceLocaleId: number },
  value: unknown,
): Promise<AiScore | null> {
  const [row] = await tx.$queryRaw<Array<{ ai_score: number | null; ai_score_reasons: AiScore['reasons'] | null }>>`
    DELETE FROM ai_suggestions
    WHERE translatable_key_id = ${ref.keyId} AND space_locale_id = ${ref.spaceLocaleId}
      AND value_hash = ${valueHash(value)}
      AND created_at > now() - make_interval(hours => ${SUGGESTION_HOURS})
    RETURNING ai_score, ai_score_reasons`;
  return row ? { score: row.ai_score, reasons: row.ai_score_reasons ?? [] } : null;
}
