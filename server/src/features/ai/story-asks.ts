import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { AiScore } from '#contract/ai-score-rules.ts';
import { addProgress, lockBatch } from './batch-progress.ts';

/** The asks of one story of a run, into one locale: what one `ai.translate` job works on. */
export interface StoryAskScope {
  batchId: string;
  storyId: number;
  spaceLocaleId: number;
  spaceId: number;
}

/** The scope's asks still under way, as `a` (joined to their keys as `k`). */
const openAsksOf = (scope: StoryAskScope) => Prisma.sql`
  k.id = a.translatable_key_id AND k.story_id = ${scope.storyId}
  AND a.batch_id = ${scope.batchId}::uuid AND a.space_locale_id = ${scope.spaceLocaleId}
  AND a.status IN ('pending', 'running')`;

/**
 * Takes the story's asks for this attempt: those waiting, and those an attempt that died left running. The
 * asks of a cancelled run are dropped instead: none of their words is charged. Answers the asks taken.
 */
export async function takeStoryAsks(prisma: Database, scope: StoryAskScope): Promise<number[]> {
  return prisma.$transaction(async (tx) => {
    const status = await lockBatch(tx, scope.batchId);
    if (status === null) return [];
    if (status === 'cancelled') {
      await tx.$executeRaw`DELETE FROM translation_asks a USING translatable_keys k WHERE ${openAsksOf(scope)}`;
      return [];
    }
    const taken = await tx.$queryRaw<Array<{ id: number }>>`
      UPDATE translation_asks a SET status = 'running', attempts = a.attempts + 1, updated_at = now()
      FROM translatable_keys k
      WHERE ${openAsksOf(scope)}
      RETURNING a.id`;
    return taken.map((ask) => ask.id);
  });
}

/** Marks the story's asks still under way failed with the reason, when its job stopped for good. */
export async function failStoryAsks(prisma: Database, scope: StoryAskScope, reason: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if ((await lockBatch(tx, scope.batchId)) === null) return;
    const failed = await tx.$executeRaw`
      UPDATE translation_asks a SET status = 'failed', error = ${reason}, updated_at = now()
      FROM translatable_keys k
      WHERE ${openAsksOf(scope)}`;
    await addProgress(tx, scope.batchId, 0, failed);
  });
}

export interface TranslatedKey {
  askId: number;
  keyId: number;
  words: number;
  value: unknown;
  valueText: string;
  glossaryIssues: unknown;
  /** Translated by the model, or the very same source's verified translation reused from the memory. */
  origin: 'ai' | 'memory';
  /** The AI score of a model's translation (null: not scored). */
  score?: AiScore | null;
  /** Stored verified: its score reached the space's auto_verify_min_score and nothing was found against it. */
  autoVerify?: boolean;
}

/**
 * Verifies the AI translations the space trusts (auto_verify_min_score) against their keys' sources, as a change
 * of its own after they were stored: their history shows the AI's translation, then its verification by AI with
 * no person, so a reviewer sees it was verified automatically. The caller's recount takes the verified counts.
 */
async function autoVerify(tx: DatabaseTransaction, spaceLocaleId: number, keyIds: number[]): Promise<void> {
  if (keyIds.length === 0) return;
  await tx.$queryRaw`
    SELECT set_config('polyblok.change_origin', 'ai', true), set_config('polyblok.change_user', '', true)`;
  await tx.$executeRaw`
    UPDATE translations t SET reference_hash = k.hash, verified_source_text = k.value_text, updated_at = now()
    FROM translatable_keys k
    WHERE k.id = t.translatable_key_id AND t.space_locale_id = ${spaceLocaleId} AND k.id = ANY(${keyIds}::int[])`;
}

/**
 * Stores what the model translated and marks what it could not, in the caller's transaction (after
 * `lockBatch`). A translation is stored only while its ask is still this attempt's (a translator's own save
 * replaces the ask, and the key's deletion removes it), and its words are charged in the same transaction that
 * stores it and removes the ask. Answers how many were stored and failed, their words, and the words charged
 * (what the model translated: a translation reused from the memory costs nothing).
 */
export async function storeStoryResults(
  tx: DatabaseTransaction,
  scope: StoryAskScope,
  translated: TranslatedKey[],
  failures: Array<{ askId: number; error: string }>,
): Promise<{ done: number; failed: number; words: number; charged: number }> {
  const ours = Prisma.sql`batch_id = ${scope.batchId}::uuid AND status = 'running'`;
  const removed =
    translated.length === 0
      ? []
      : await tx.$queryRaw<Array<{ id: number }>>`
          DELETE FROM translation_asks WHERE id = ANY(${translated.map((key) => key.askId)}::int[]) AND ${ours}
          RETURNING id`;
  const removedIds = new Set(removed.map((ask) => ask.id));
  const stored = translated.filter((key) => removedIds.has(key.askId));
  for (const origin of ['ai', 'memory'] as const) {
    const rows = stored
      .filter((key) => key.origin === origin)
      .map((key) => ({
        key_id: key.keyId,
        value: key.value,
        value_text: key.valueText,
        glossary_issues: key.glossaryIssues,
        ai_score: key.score?.score ?? null,
        ai_score_reasons: key.score?.reasons ?? null,
      }));
    if (rows.length === 0) continue;
    // The history attributes the run's translations to AI or to the memory, on behalf of the member who started
    // the run: one statement per origin, since the history reads the origin declared for the statement.
    await tx.$queryRaw`
      SELECT set_config('polyblok.change_origin', ${origin}, true), set_config('polyblok.change_user',
        coalesce((SELECT requested_by_id::text FROM translation_batches WHERE id = ${scope.batchId}::uuid), ''), true)`;
    await tx.$executeRaw`
      INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, is_needing_formatting,
        reference_hash, verified_source_text, glossary_issues, ai_score, ai_score_reasons, origin, translated_by_id,
        updated_at)
      SELECT r.key_id, ${scope.spaceLocaleId}, r.value, r.value_text, false, NULL, NULL, r.glossary_issues,
        r.ai_score, r.ai_score_reasons, ${origin}::"TranslationOrigin", NULL, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(key_id int, value jsonb, value_text text, glossary_issues jsonb, ai_score smallint, ai_score_reasons jsonb)
      ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET
        value = EXCLUDED.value, value_text = EXCLUDED.value_text, is_needing_formatting = false,
        reference_hash = NULL, verified_source_text = NULL, glossary_issues = EXCLUDED.glossary_issues,
        ai_score = EXCLUDED.ai_score, ai_score_reasons = EXCLUDED.ai_score_reasons,
        origin = EXCLUDED.origin, translated_by_id = NULL, updated_at = now()`;
  }
  await autoVerify(
    tx,
    scope.spaceLocaleId,
    stored.filter((key) => key.autoVerify).map((key) => key.keyId),
  );
  const failed =
    failures.length === 0
      ? 0
      : await tx.$executeRaw`
          UPDATE translation_asks a SET status = 'failed', error = r.error, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(failures.map((f) => ({ id: f.askId, error: f.error })))}::jsonb)
            AS r(id int, error text)
          WHERE a.id = r.id AND ${ours}`;
  const wordsOf = (keys: TranslatedKey[]) => keys.reduce((sum, key) => sum + key.words, 0);
  return {
    done: stored.length,
    failed,
    words: wordsOf(stored),
    charged: wordsOf(stored.filter((key) => key.origin === 'ai')),
  };
}
