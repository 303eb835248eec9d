import { recordAuditEvent } from '../../db/audit-events.ts';
import { AppError } from '../../errors.ts';
import { localeInSpace } from '../content/index.ts';
import { requireTranslator, type AiDeps } from './ai-deps.ts';
import { assertAllowance, dailyAllowance, lockAllowance } from './ai-quota.ts';
import { aiTranslateJob } from './ai-translate.job.ts';
import { memoryOfKeys, sameSource } from './memory-reuse.ts';

export interface AskScope {
  scope: 'keys' | 'folder';
  storyNodeId?: number | null;
}

/**
 * Asks AI for the keys as one run whose progress can be read and which can be cancelled, one job per story.
 * Keys with an ask under way are left to it. The run, its asks and their jobs are created in one transaction
 * with the allowance check, so the words they will take are counted from the moment they exist (from the asks
 * themselves: nothing separate to give back), and a crash leaves either all of it or none.
 */
export async function askForKeys(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  localeId: number,
  keyIds: number[],
  scope: AskScope,
): Promise<{ batchId: string; asked: number; words: number }> {
  const { prisma } = deps;
  const allowance = await dailyAllowance(prisma, spaceId, deps);
  const found = await prisma.translatableKey.count({ where: { id: { in: keyIds }, spaceId } });
  if (found !== keyIds.length)
    throw new AppError('not_found', 'Some of these keys are not in the space any more; reload the story.');
  // Keys the translation memory answers cost nothing, so they need no room in the allowance.
  const memory = await memoryOfKeys(prisma, { id: localeId, spaceId }, keyIds);
  return prisma.$transaction(
    async (tx) => {
      // Read under the lock: no other ask of the space is being created meanwhile.
      await lockAllowance(tx, spaceId);
      const toAsk = await tx.$queryRaw<Array<{ id: number; story_id: number; word_count: number }>>`
        SELECT k.id, k.story_id, k.word_count FROM translatable_keys k
        WHERE k.id = ANY(${keyIds}::int[]) AND k.space_id = ${spaceId}
          AND NOT EXISTS (SELECT 1 FROM translation_asks a WHERE a.translatable_key_id = k.id
                            AND a.space_locale_id = ${localeId} AND a.status IN ('pending', 'running'))`;
      const words = toAsk.reduce((sum, key) => sum + key.word_count, 0);
      const forModel = toAsk.filter((key) => !sameSource(memory.get(key.id)));
      await assertAllowance(
        tx,
        spaceId,
        forModel.reduce((sum, key) => sum + key.word_count, 0),
        allowance,
      );
      const batch = await tx.translationBatch.create({
        data: {
          spaceId,
          spaceLocaleId: localeId,
          scope: scope.scope,
          storyNodeId: scope.storyNodeId ?? null,
          requestedById: userId,
          status: toAsk.length > 0 ? 'running' : 'completed',
          total: toAsk.length,
          wordsTotal: words,
          finishedAt: toAsk.length > 0 ? null : new Date(),
        },
        select: { id: true },
      });
      if (toAsk.length > 0) {
        // A key's earlier ask that failed is asked again in place.
        await tx.$executeRaw`
          INSERT INTO translation_asks (translatable_key_id, space_locale_id, batch_id, requested_by_id, updated_at)
          SELECT id, ${localeId}, ${batch.id}::uuid, ${userId}::uuid, now() FROM unnest(${toAsk.map((key) => key.id)}::int[]) AS k(id)
          ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET
            status = 'pending', error = NULL, attempts = 0, batch_id = EXCLUDED.batch_id,
            requested_by_id = EXCLUDED.requested_by_id, created_at = now(), updated_at = now()`;
        await recordAuditEvent(tx, {
          spaceId,
          actorId: userId,
          action: 'ai_run.started',
          targetType: 'translation_batch',
          targetId: batch.id,
          data: { scope: scope.scope, space_locale_id: localeId, keys: toAsk.length, words },
        });
        const stories = [...new Set(toAsk.map((key) => key.story_id))];
        await deps.queue.sendMany(
          aiTranslateJob,
          stories.map((storyId) => ({ batchId: batch.id, storyId, spaceLocaleId: localeId, spaceId })),
          { transaction: tx },
        );
      }
      return { batchId: batch.id, asked: toAsk.length, words };
    },
    // A folder of thousands of keys is a few set-wide statements, but give a busy database room.
    { timeout: 30_000 },
  );
}

/** The editor's bulk AI ask on selected keys. */
export async function createTranslationAsks(
  deps: AiDeps,
  spaceId: number,
  userId: string,
  input: { translatable_key_ids: number[]; space_locale_id: number },
): Promise<{ batch_id: string; asked: number; words: number }> {
  requireTranslator(deps);
  const locale = await localeInSpace(deps.prisma, spaceId, input.space_locale_id);
  const result = await askForKeys(deps, spaceId, userId, locale.id, [...new Set(input.translatable_key_ids)], {
    scope: 'keys',
  });
  return { batch_id: result.batchId, asked: result.asked, words: result.words };
}
