import type { TranslatableKey } from '#contract/content.ts';
import { SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import type { DatabaseTransaction } from '../../db/prisma.ts';
import { declareChangeSql } from '../../db/translation-changes.ts';
import { AppError } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { sendDueHookEvents } from '../space-hooks/index.ts';
import { pendingWriteBackSql, queueWriteBack } from '../write-back/index.ts';
import { takeSuggestion } from './ai-suggestions.ts';
import { countChangeSql } from './content-counts.service.ts';
import { keyGone, keyInSeveralStories, type KeyRef } from './key-lookup.ts';
import type { KeyViewRow } from './key-view.ts';
import { readMemoryMatches } from './memory-matches.ts';
import { rulesVersionSql } from './rules-cache.ts';
import { assertSlugFree } from './slug-siblings.ts';
import { keysWithRules, type KeySourceRow } from './story-keys.ts';
import { normalizeValue } from './translation-value.ts';
import type { ContentDeps } from './translations.service.ts';

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
 * Saves a translator's translation. With the source hash the translator saw it is verified; when that hash
 * is no longer the key's (the source changed meanwhile), nothing is saved and the translator is told. With the
 * translation's `updated_at` the translator started from, a save over someone else's newer one is refused with
 * theirs. An empty value removes the translation. A manual save replaces any AI ask under way for the key.
 *
 * A save is the translator’s most frequent request, so it costs few statements: the key is found as it is
 * locked, and the answer is made from what the write returned with the language's kept rules; the hooks are
 * looked at only in a space that has any.
 */
export async function saveTranslation(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: SaveInput,
  origin: 'manual' | 'revert' = 'manual',
): Promise<TranslatableKey> {
  const { prisma } = deps;
  const locale = { id: input.space_locale_id, spaceId };
  const { key, translation, changed } = await prisma.$transaction((tx) =>
    writeSave(tx, spaceId, userId, input, origin),
  );
  if (changed) await queueWriteBack(deps, [key.story_id]);
  // A language the save completed is told to the space's hooks by a job; the save does not wait for them.
  if (changed && key.has_hooks) await sendDueHookEvents(deps, spaceId);
  const row: KeyViewRow = {
    id: key.id,
    key: key.key,
    hash: key.hash,
    fieldType: key.field_type,
    component: key.component,
    field: key.field,
    value: key.value,
    valueText: key.value_text,
    wordCount: key.word_count,
    detail: key.detail,
    translation,
    // The save took the place of any AI ask.
    ask: null,
  };
  // Memory matches are shown for a key not verified, once the language has verified translations to match.
  const verified = translation !== null && translation.referenceHash === key.hash;
  const memory =
    verified || !key.has_memory ? new Map() : await readMemoryMatches(prisma, locale, Prisma.sql`k.id = ${key.id}`);
  const [answer] = await keysWithRules(prisma, locale, key.rules_version ?? 0n, [row], memory);
  return answer!;
}

/** The key, its language's facts the answer needs, and the translation as saved (null: there is none). */
interface Saved {
  key: LockedKey;
  translation: KeyViewRow['translation'];
  changed: boolean;
}

// Saves of one key wait for each other from the statement that finds and locks it; saves of other keys of the
// story wait only for the counts they share, which the write takes as it writes the translation.
async function writeSave(
  tx: DatabaseTransaction,
  spaceId: number,
  userId: string,
  input: SaveInput,
  origin: 'manual' | 'revert',
): Promise<Saved> {
  const key = await lockKey(tx, spaceId, input);
  if (input.field_type !== key.field_type) {
    throw new AppError(
      'invalid_request',
      `This key is a ${key.field_type} field; the translation was sent as ${input.field_type}.`,
      [{ path: 'body.field_type', message: `Expected ${key.field_type}` }],
    );
  }
  const locale = { id: input.space_locale_id, code: key.locale_code };
  const verifying = input.reference_hash !== undefined && input.reference_hash !== null;
  const normalized = normalizeValue(key.field_type, input.value);
  if (key.field_type === SLUG_FIELD_TYPE && !normalized.empty) {
    await assertSlugFree(tx, key.story_id, locale, normalized.value as string);
  }
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
  const change = { storyId: key.story_id, spaceLocaleId: locale.id };
  const pending = pendingWriteBackSql([key.story_id]);
  if (normalized.empty) {
    if (!translated) return { key, translation: null, changed: false };
    const counts = countChangeSql(spaceId, { ...change, translated: -1, verified: wasVerified ? -1 : 0 });
    await tx.$executeRaw`
      WITH removed AS (
        DELETE FROM translations WHERE translatable_key_id = ${key.id} AND space_locale_id = ${locale.id}
      ),
      ${counts}, ${pending} SELECT 1`;
    return { key, translation: null, changed: true };
  }
  const counts = countChangeSql(spaceId, {
    ...change,
    translated: translated ? 0 : 1,
    verified: Number(verifying) - Number(wasVerified),
  });
  // A person's own wording clears the glossary flags an AI translation had.
  const [saved] = await tx.$queryRaw<SavedRow[]>`
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
      RETURNING value, value_text, reference_hash, is_needing_formatting, verified_source_text, glossary_issues,
                ai_score, ai_score_reasons, updated_at
    ),
    ${counts}, ${pending}
    SELECT * FROM saved`;
  return {
    key,
    changed: true,
    translation: {
      value: saved!.value,
      valueText: saved!.value_text,
      referenceHash: saved!.reference_hash,
      isNeedingFormatting: saved!.is_needing_formatting,
      verifiedSourceText: saved!.verified_source_text,
      glossaryIssues: saved!.glossary_issues,
      aiScore: saved!.ai_score,
      aiScoreReasons: saved!.ai_score_reasons,
      updatedAt: saved!.updated_at,
    },
  };
}

interface SavedRow {
  value: KeyViewRow['value'];
  value_text: string;
  reference_hash: string | null;
  is_needing_formatting: boolean;
  verified_source_text: string | null;
  glossary_issues: KeyViewRow['value'];
  ai_score: number | null;
  ai_score_reasons: KeyViewRow['value'];
  updated_at: Date;
}

interface LockedKey extends KeySourceRow {
  story_id: number;
  locale_code: string;
  rules_version: bigint | null;
  /** The language had verified translations when the save began: the translation memory is not empty. */
  has_memory: boolean;
  has_hooks: boolean;
}

/**
 * The key a save names, found in the statement that locks it (a second save of the key waits here), with what
 * the answer needs of its language and space. Its story is only shared: saves of its other keys go on, while a
 * recount of the story, a sync or a bulk verification, which lock it whole, wait for them and they for it.
 * Key strings are made of blok uids, unique in practice; a story copied in Storyblok can repeat them, and then
 * the request must name the story.
 */
async function lockKey(tx: DatabaseTransaction, spaceId: number, input: SaveInput): Promise<LockedKey> {
  const ofStory = input.story_id ? Prisma.sql`AND k.story_id = ${input.story_id}` : Prisma.empty;
  const found = await tx.$queryRaw<Array<Omit<LockedKey, 'locale_code'> & { locale_code: string | null }>>`
    SELECT k.id, k.key, k.hash, k.field_type, k.component, k.field, k.value, k.value_text, k.word_count, k.detail,
           k.story_id, l.code AS locale_code, ${rulesVersionSql(input.space_locale_id)} AS rules_version,
           COALESCE(l.verified_key_count > 0, false) AS has_memory,
           EXISTS (SELECT 1 FROM space_hooks h WHERE h.space_id = ${spaceId}) AS has_hooks
    FROM translatable_keys k
    JOIN story_nodes s ON s.id = k.story_id
    LEFT JOIN space_locales l ON l.id = ${input.space_locale_id} AND l.space_id = ${spaceId}
    WHERE k.space_id = ${spaceId} AND k.key = ${input.key} ${ofStory}
    ORDER BY s.id
    LIMIT 2
    FOR NO KEY UPDATE OF k FOR SHARE OF s`;
  if (found.length > 1) throw keyInSeveralStories();
  const key = found[0];
  if (!key) throw keyGone();
  if (key.locale_code === null) throw new AppError('not_found', 'This language is not one of this space’s languages.');
  return { ...key, locale_code: key.locale_code };
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
