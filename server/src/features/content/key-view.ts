import type { KeyStatus, MemoryMatch, TranslatableKey } from '#contract/content.ts';
import type { QaProblem } from '#contract/qa-rules.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { tableCellOf } from '#contract/content-format/key-naming.ts';

/** A key's source as the translator and the model see it: where it sits, what it says, how long it is. */
export const keySourceSelect = {
  id: true,
  key: true,
  fieldType: true,
  component: true,
  field: true,
  value: true,
  valueText: true,
  wordCount: true,
  detail: true,
} satisfies Prisma.TranslatableKeySelect;

/** What a key answer is built from, for one locale. */
export function keyViewSelect(spaceLocaleId: number) {
  return {
    ...keySourceSelect,
    hash: true,
    translations: {
      where: { spaceLocaleId },
      select: {
        value: true,
        valueText: true,
        referenceHash: true,
        isNeedingFormatting: true,
        verifiedSourceText: true,
        glossaryIssues: true,
        aiScore: true,
        aiScoreReasons: true,
        updatedAt: true,
      },
    },
    asks: { where: { spaceLocaleId }, select: { status: true, error: true } },
  } satisfies Prisma.TranslatableKeySelect;
}

type KeyViewPayload = Prisma.TranslatableKeyGetPayload<{ select: ReturnType<typeof keyViewSelect> }>;

/** A key with its translation and AI ask in one locale, as a key answer is built from it. */
export type KeyViewRow = Omit<KeyViewPayload, 'translations' | 'asks'> & {
  translation: KeyViewPayload['translations'][number] | null;
  ask: KeyViewPayload['asks'][number] | null;
};

/** A key read through `keyViewSelect`, with its one translation and ask in the locale taken out of their lists. */
export function flatKeyRow<T extends KeyViewPayload>(row: T): Omit<T, 'translations' | 'asks'> & KeyViewRow {
  const { translations, asks, ...key } = row;
  return { ...key, translation: translations[0] ?? null, ask: asks[0] ?? null };
}

/**
 * The status of a key in a locale (spec section 4): an AI ask under way shows as translation_requested;
 * otherwise missing without a translation, verified when it was verified against the current source,
 * unverified else.
 */
export function statusOf(row: KeyViewRow): KeyStatus {
  const { ask, translation } = row;
  if (ask && ask.status !== 'failed') return 'translation_requested';
  if (!translation) return 'missing';
  return translation.referenceHash === row.hash ? 'verified' : 'unverified';
}

function glossaryIssues(value: unknown): TranslatableKey['glossary_issues'] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (issue): issue is { term: string; expected: string } =>
      typeof issue?.term === 'string' && typeof issue?.expected === 'string',
  );
}

function scoreReasons(value: unknown): TranslatableKey['ai_score_reasons'] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((reason) => typeof reason?.code === 'string' && typeof reason?.message === 'string')
    .map((reason: { code: string; message: string }) => ({ code: reason.code, message: reason.message }));
}

/** What the key's detail shows: the image an asset key describes, a table cell's place. */
function detailView(detail: unknown): Pick<TranslatableKey, 'image_url' | 'table_cell'> {
  const image = detail && typeof detail === 'object' ? (detail as { image?: unknown }).image : undefined;
  return { image_url: typeof image === 'string' ? image : null, table_cell: tableCellOf(detail) };
}

/** A key answer, with the findings of its translation's checks (`qa`) and its translation memory matches. */
export function toKeyView(row: KeyViewRow, qa: QaProblem[], memory: MemoryMatch[]): TranslatableKey {
  const { translation, ask } = row;
  const outdated = translation !== null && translation.referenceHash !== null && translation.referenceHash !== row.hash;
  return {
    id: row.id,
    key: row.key,
    hash: row.hash,
    field_type: row.fieldType,
    component: row.component,
    field: row.field,
    value: row.value,
    value_text: row.valueText,
    word_count: row.wordCount,
    translated_key_value: translation?.value ?? null,
    translated_key_value_text: translation?.valueText ?? null,
    translated_key_reference_hash: translation?.referenceHash ?? null,
    has_translation_ask: ask !== null && ask.status !== 'failed',
    is_needing_formatting: translation?.isNeedingFormatting ?? false,
    status: statusOf(row),
    is_outdated: outdated,
    verified_source_text: outdated ? (translation.verifiedSourceText ?? null) : null,
    glossary_issues: glossaryIssues(translation?.glossaryIssues),
    ask_error: ask?.status === 'failed' ? (ask.error ?? null) : null,
    updated_at: translation?.updatedAt.toISOString() ?? null,
    qa,
    tm_matches: memory,
    ai_score: translation?.aiScore ?? null,
    ai_score_reasons: scoreReasons(translation?.aiScoreReasons),
    ...detailView(row.detail),
  };
}
