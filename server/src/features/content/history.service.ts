import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslatableKey } from '#contract/content.ts';
import type { TranslationOrigin } from '#contract/translation-origins.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { localeInSpace } from './content-scope.ts';
import { resolveKey } from './key-lookup.ts';
import { saveTranslation } from './save-translation.ts';
import type { ContentDeps } from './translations.service.ts';

/** A long-lived key keeps every change; the screen shows the newest ones. */
const SHOWN_CHANGES = 100;

/** The changes of a key's translation in a language of the caller's space, newest first. */
export async function getKeyHistory(
  prisma: Database,
  spaceId: number,
  query: { story_id: number; key: string; space_locale_id: number },
): Promise<{ history: HistoryEntry[] }> {
  const locale = await localeInSpace(prisma, spaceId, query.space_locale_id);
  const key = await resolveKey(prisma, spaceId, query);
  const rows = await prisma.translationHistory.findMany({
    where: { translatableKeyId: key.id, spaceLocaleId: locale.id },
    orderBy: { id: 'desc' },
    take: SHOWN_CHANGES,
    select: {
      id: true,
      valueText: true,
      status: true,
      origin: true,
      createdAt: true,
      user: { select: { name: true, email: true } },
    },
  });
  if (rows.length === 0) return { history: await unchangedTranslation(prisma, key, locale.id) };
  return {
    history: rows.map((row) => ({
      id: row.id,
      value_text: row.valueText,
      status: row.status as HistoryEntry['status'],
      origin: row.origin as TranslationOrigin,
      user_name: nameOf(row.user),
      at: row.createdAt.toISOString(),
    })),
  };
}

const nameOf = (user: { name: string | null; email: string } | null) => (user ? user.name || user.email : null);

/**
 * A translation imported from Storyblok (or older than the history) is its own history until its first change,
 * which writes it down (see the migration): shown as one entry, id 0, the key's current translation.
 */
async function unchangedTranslation(
  prisma: Database,
  key: { id: number; hash: string },
  spaceLocaleId: number,
): Promise<HistoryEntry[]> {
  const row = await prisma.translation.findUnique({
    where: { translatableKeyId_spaceLocaleId: { translatableKeyId: key.id, spaceLocaleId } },
    select: {
      valueText: true,
      referenceHash: true,
      origin: true,
      updatedAt: true,
      translatedBy: { select: { name: true, email: true } },
    },
  });
  if (!row) return [];
  const status = row.referenceHash === null ? 'unverified' : row.referenceHash === key.hash ? 'verified' : 'outdated';
  return [
    {
      id: 0,
      value_text: row.valueText,
      status,
      origin: row.origin,
      user_name: nameOf(row.translatedBy),
      at: row.updatedAt.toISOString(),
    },
  ];
}

/** The space a history entry belongs to, for the space check; null when there is no such entry. */
export async function spaceOfHistoryEntry(prisma: Database, historyId: number): Promise<number | null> {
  const entry = await prisma.translationHistory.findUnique({
    where: { id: historyId },
    select: { translatableKey: { select: { spaceId: true } } },
  });
  return entry?.translatableKey.spaceId ?? null;
}

/**
 * Gives a key back the value one of its history's entries holds, saved as a translator's save is (the same
 * story lock, counts, write-back and `base_updated_at` check), recorded as a revert. It stays verified only when
 * it was verified against the source the key has now; an entry of a removed translation removes it.
 */
export async function revertTranslation(
  deps: ContentDeps,
  spaceId: number,
  userId: string,
  input: { history_id: number; base_updated_at?: string | null | undefined },
): Promise<TranslatableKey> {
  const entry = await deps.prisma.translationHistory.findFirst({
    where: { id: input.history_id, translatableKey: { spaceId } },
    select: {
      value: true,
      referenceHash: true,
      spaceLocaleId: true,
      translatableKey: { select: { key: true, storyId: true, fieldType: true, hash: true } },
    },
  });
  if (!entry) throw historyEntryNotFound();
  const key = entry.translatableKey;
  const stillVerified = entry.referenceHash !== null && entry.referenceHash === key.hash;
  return saveTranslation(
    deps,
    spaceId,
    userId,
    {
      key: key.key,
      story_id: key.storyId,
      space_locale_id: entry.spaceLocaleId,
      field_type: key.fieldType,
      value: (entry.value ?? '') as string | { type: 'doc' },
      ...(stillVerified ? { reference_hash: key.hash } : {}),
      ...(input.base_updated_at !== undefined ? { base_updated_at: input.base_updated_at } : {}),
    },
    'revert',
  );
}

export function historyEntryNotFound(): AppError {
  return new AppError('not_found', 'This change is not in the history of a key of your space. Reload the history.');
}
