import type { TranslatableKey } from '#contract/content.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { declareChange, declareChangeSql } from '../../db/translation-changes.ts';
import { AppError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { pendingWriteBackSql, queueWriteBack, scheduleWriteBack } from '../write-back/index.ts';
import { countChangeSql, withStoryCounts, withStoryLock } from './content-counts.service.ts';
import { localeInSpace } from './content-scope.ts';
import { keyGone, resolveKey, type KeyRef } from './key-lookup.ts';
import { takeSuggestion } from './ai-suggestions.ts';
import { readKey } from './story-keys.ts';
import { normalizeValue } from './translation-value.ts';
import { SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import { assertSlugFree } from './slug-siblings.ts';

export interface ContentDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
}

export interface SaveInput extends KeyRef {
  space_locale_id: number;
  field_type: string;
  value: string | { type: 'doc' };
  reference_hash?: string | null | undefined;
  /** The translation's updated_at the translator started from (null: none); absent, the last save wins. */
  base_updated_at?: string | null | undefined;
  /** A translation memory match, or the AI button's answer, applied as it was, rather than typed. */
  origin?: 'manual' | 'memory' | 'ai' | undefined;
}

/**
 * Changes translations of these stories (`work`) in one transaction with their counts, then queues the stories
 * for Storyblok.
 */
export async function changeTranslations<T>(
  deps: ContentDeps,
  spaceId: number,
  storyIds: number[],
  work: (tx: DatabaseTransaction) => Promise<T>,
): Promise<T> {
  const result = await withStoryCounts(deps.prisma, spaceId, storyIds, work);
  await scheduleWriteBack(deps, [...new Set(storyIds)]);
  await sendDueHookEvents(deps, spaceId);
  return result;
}

/**
 * Saves a translator's translation. With the source hash the translator saw it is verified; when that hash
 * is no longer the key's (the source changed meanwhile), nothing is saved and the translator is told. With the
 * translation's `updated_at` the translator started from, a save over someone else's newer one is refused with
 * theirs. An empty value removes the translation. A manual save replaces any AI ask under way for the key.
 */
export async function saveTranslation(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: SaveInput,
  origin: 'manual' | 'revert' = 'manual',
): Promise<TranslatableKey> {
  const { prisma } = deps;
  const [locale, key] = await Promise.all([
    localeInSpace(prisma, spaceId, input.space_locale_id),
    resolveKey(prisma, spaceId, input),
  ]);
  if (input.field_type !== key.fieldType) {
    throw new AppError(
      'invalid_request',
      `This key is a ${key.fieldType} field; the translation was sent as ${input.field_type}.`,
      [{ path: 'body.field_type', message: `Expected ${key.fieldType}` }],
    );
  }
  const verifying = input.reference_hash !== undefined && input.reference_hash !== null;
  const normalized = normalizeValue(key.fieldType, input.value);
  if (key.fieldType === SLUG_FIELD_TYPE && !normalized.empty) {
    await assertSlugFree(prisma, key.storyId, locale, normalized.value as string);
  }
  // Every round trip under the story's lock holds every other save of the story: two statements after the lock,
  // one to read the key and its translation as they are now, one to write the translation with its counts.
  await withStoryLock(prisma, key.storyId, async (tx) => {
    // The AI button's answer saved exactly as given is the AI's, with the score it was given; edited, it is not.
    const suggested =
      input.origin === 'ai' && !normalized.empty
        ? await takeSuggestion(tx, { keyId: key.id, spaceLocaleId: locale.id }, normalized.value)
        : null;
    const from = suggested ? 'ai' : input.origin === 'memory' ? 'memory' : origin;
    const now = await currentState(tx, key.id, locale.id, declareChangeSql(from, userId));
    if (!now) throw keyGone();
    if (input.base_updated_at !== undefined) assertUnchangedSince(now, input.base_updated_at);
    if (verifying && input.reference_hash !== now.hash) {
      throw new AppError(
        'source_changed',
        'The source text changed since you opened this key. Check the new source, then save again.',
      );
    }
    const translated = now.updated_at !== null;
    const wasVerified = translated && now.reference_hash === now.hash;
    const change = { storyId: key.storyId, spaceLocaleId: locale.id };
    const pending = pendingWriteBackSql([key.storyId]);
    if (normalized.empty) {
      if (!translated) return;
      const counts = countChangeSql(spaceId, { ...change, translated: -1, verified: wasVerified ? -1 : 0 });
      await tx.$executeRaw`
        WITH removed AS (
          DELETE FROM translations WHERE translatable_key_id = ${key.id} AND space_locale_id = ${locale.id}
        ),
        ${counts}, ${pending} SELECT 1`;
      return;
    }
    const counts = countChangeSql(spaceId, {
      ...change,
      translated: translated ? 0 : 1,
      verified: Number(verifying) - Number(wasVerified),
    });
    // A person's own wording clears the glossary flags an AI translation had.
    await tx.$executeRaw`
      WITH saved AS (
        INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, is_needing_formatting,
                                  reference_hash, verified_source_text, origin, translated_by_id, ai_score,
                                  ai_score_reasons, updated_at)
        VALUES (${key.id}, ${locale.id}, ${JSON.stringify(normalized.value)}::jsonb, ${normalized.valueText},
                ${normalized.isNeedingFormatting}, ${verifying ? now.hash : null}, ${verifying ? now.value_text : null},
                ${from === 'revert' ? 'manual' : from}::"TranslationOrigin", ${userId}::uuid, ${suggested?.score ?? null},
                ${suggested ? JSON.stringify(suggested.reasons) : null}::jsonb, clock_timestamp())
        ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET
          value = EXCLUDED.value, value_text = EXCLUDED.value_text,
          is_needing_formatting = EXCLUDED.is_needing_formatting, reference_hash = EXCLUDED.reference_hash,
          verified_source_text = EXCLUDED.verified_source_text, origin = EXCLUDED.origin,
          translated_by_id = EXCLUDED.translated_by_id, ai_score = EXCLUDED.ai_score,
          ai_score_reasons = EXCLUDED.ai_score_reasons, updated_at = EXCLUDED.updated_at, glossary_issues = '[]'
      ),
      ${counts}, ${pending} SELECT 1`;
  });
  await queueWriteBack(deps, [key.storyId]);
  // A language the save completed is told to the space's hooks by a job; the save does not wait for them.
  await sendDueHookEvents(deps, spaceId);
  return readKey(prisma, { id: locale.id, spaceId }, key.id);
}

interface CurrentState {
  hash: string;
  value_text: string;
  reference_hash: string | null;
  t_value: unknown;
  t_value_text: string | null;
  updated_at: Date | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
}

/**
 * The key's source and its translation as they are under the story's lock, with who made it. A manual save
 * replaces any AI ask, so the ask goes in the same statement (undone with the rest should the save be refused);
 * so does the declaration of who saves, for the history the write leaves (`declared`).
 */
async function currentState(tx: DatabaseTransaction, keyId: number, spaceLocaleId: number, declared: Prisma.Sql) {
  const [now] = await tx.$queryRaw<CurrentState[]>`
    WITH asks AS (
      DELETE FROM translation_asks WHERE translatable_key_id = ${keyId} AND space_locale_id = ${spaceLocaleId}
    ),
    declared AS (${declared})
    SELECT k.hash, k.value_text, t.reference_hash, t.value AS t_value, t.value_text AS t_value_text, t.updated_at,
           u.id AS user_id, u.name AS user_name, u.email AS user_email
    FROM translatable_keys k
    CROSS JOIN declared
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = ${spaceLocaleId}
    LEFT JOIN users u ON u.id = t.translated_by_id
    WHERE k.id = ${keyId}`;
  return now;
}

/** Copies a key's translation to every other key of the space with the same source, in that locale. */
export async function applyToAssociated(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: KeyRef & { space_locale_id: number; verify: boolean },
): Promise<{ updated: number }> {
  const { prisma } = deps;
  const locale = await localeInSpace(prisma, spaceId, input.space_locale_id);
  const key = await resolveKey(prisma, spaceId, input);
  const source = await prisma.translation.findUnique({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId: locale.id } },
    select: { value: true, valueText: true, isNeedingFormatting: true },
  });
  if (!source) throw new AppError('conflict', 'This key has no translation to apply yet.');
  const others = await prisma.translatableKey.findMany({
    where: { spaceId, hash: key.hash, fieldType: key.fieldType, id: { not: key.id } },
    select: { id: true, hash: true, valueText: true, storyId: true },
  });
  if (others.length === 0) return { updated: 0 };
  const copied = {
    value: source.value as Prisma.InputJsonValue,
    valueText: source.valueText,
    isNeedingFormatting: source.isNeedingFormatting,
    origin: 'manual' as const,
    translatedById: userId,
  };
  const storyIds = others.map((other) => other.storyId);
  await withStoryCounts(prisma, spaceId, storyIds, async (tx) => {
    await declareChange(tx, 'manual', userId);
    for (const other of others) {
      const data = {
        ...copied,
        referenceHash: input.verify ? other.hash : null,
        verifiedSourceText: input.verify ? other.valueText : null,
      };
      await tx.translation.upsert({
        where: { translatableKeyId_spaceLocaleId: { translatableKeyId: other.id, spaceLocaleId: locale.id } },
        create: { translatableKeyId: other.id, spaceLocaleId: locale.id, ...data },
        update: data,
        select: { id: true },
      });
    }
  });
  await scheduleWriteBack(deps, [...new Set(storyIds)]);
  await sendDueHookEvents(deps, spaceId);
  return { updated: others.length };
}

/**
 * Refuses a save over a translation someone changed since the translator started from it (or made, when they
 * started from none), answering the translation as it is now so that neither text is lost.
 */
function assertUnchangedSince(current: CurrentState, base: string | null): void {
  const exists = current.updated_at !== null;
  const unchanged = exists ? base !== null && current.updated_at!.getTime() === Date.parse(base) : base === null;
  if (unchanged) return;
  const by = current.user_id ? { id: current.user_id, name: current.user_name, email: current.user_email! } : null;
  const who = by ? by.name || by.email : null;
  const what = exists ? 'changed this translation' : 'removed this translation';
  throw new AppError(
    'translation_changed',
    `${who ?? 'Someone'} ${what} since you started editing it, so yours was not saved. Compare the two and keep one.`,
    {
      current: {
        value: exists ? current.t_value : null,
        value_text: current.t_value_text,
        updated_at: current.updated_at?.toISOString() ?? null,
        updated_by: by,
      },
    },
  );
}
