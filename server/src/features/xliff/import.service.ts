import type { XliffImportResult, XliffSkippedUnit } from '#contract/xliff.ts';
import type { Database, DatabaseTransaction } from '../../db/prisma.ts';
import { declareChange } from '../../db/translation-changes.ts';
import { AppError } from '../../errors.ts';
import { INVALID_SLUG_MESSAGE, isSlug, SLUG_FIELD_TYPE } from '#contract/slug-rules.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { changeTranslations, localeInSpace, normalizeValue } from '../content/index.ts';
import { sameLanguage, targetLanguageTag } from './source-language.ts';
import { decideUnit, type UnitDecision } from './xliff-decide.ts';
import { readXliff, type XliffReadUnit } from './xliff-read.ts';

export interface XliffDeps {
  prisma: Database;
  queue: Pick<JobQueue, 'send'>;
}

interface FileUnit {
  storyId: number | null;
  unit: XliffReadUnit;
}

interface KeyState {
  id: number;
  storyId: number;
  key: string;
  fieldType: string;
  value: unknown;
  valueText: string;
  translations: Array<{ value: unknown }>;
}

const storyIdOf = (id: string | null) => (id !== null && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null);
const unitKey = (storyId: number, key: string) => `${storyId}\n${key}`;

async function readKeys(db: Database | DatabaseTransaction, spaceId: number, localeId: number, units: FileUnit[]) {
  const storyIds = [...new Set(units.flatMap(({ storyId }) => (storyId === null ? [] : [storyId])))];
  const keys: KeyState[] = await db.translatableKey.findMany({
    where: { spaceId, storyId: { in: storyIds }, key: { in: [...new Set(units.map(({ unit }) => unit.id))] } },
    select: {
      id: true,
      storyId: true,
      key: true,
      fieldType: true,
      value: true,
      valueText: true,
      translations: { where: { spaceLocaleId: localeId }, select: { value: true } },
    },
  });
  return new Map(keys.map((key) => [unitKey(key.storyId, key.key), key]));
}

function decideAll(units: FileUnit[], keys: Map<string, KeyState>) {
  const seen = new Set<string>();
  return units.map(({ storyId, unit }) => {
    const key = storyId === null ? undefined : keys.get(unitKey(storyId, unit.id));
    let decision: UnitDecision;
    if (!key) {
      decision = {
        kind: 'skip',
        reason: 'unknown',
        message: 'No key of this space has this story and id: the story or the field may have been removed.',
      };
    } else if (seen.has(unitKey(key.storyId, key.key))) {
      decision = {
        kind: 'skip',
        reason: 'invalid',
        message: 'This unit appears twice in the file; the first was read.',
      };
    } else {
      seen.add(unitKey(key.storyId, key.key));
      decision = refuseBadSlug(key, decideUnit(key, key.translations[0]?.value ?? null, unit));
    }
    return { storyId, unit, key, decision };
  });
}

/** A slug's target that no address could hold is skipped, as a save refuses it; the rest of the file goes in. */
function refuseBadSlug(key: KeyState, decision: UnitDecision): UnitDecision {
  if (key.fieldType !== SLUG_FIELD_TYPE || decision.kind !== 'apply') return decision;
  const value = decision.value;
  if (typeof value === 'string' && (value === '' || isSlug(value))) return decision;
  return { kind: 'skip', reason: 'invalid', message: INVALID_SLUG_MESSAGE };
}

/**
 * Stores the targets decided on, unverified, as the language's translations, in one statement however many there
 * are (the history triggers record them in that statement too); any AI ask for them is dropped, as a save drops it.
 */
async function applyTargets(
  tx: DatabaseTransaction,
  localeId: number,
  userId: string,
  changes: Array<{ key: KeyState; value: string | object }>,
) {
  if (changes.length === 0) return;
  const rows = changes.map(({ key, value }) => {
    const normalized = normalizeValue(key.fieldType, value as never);
    return {
      key_id: key.id,
      value: normalized.value,
      value_text: normalized.valueText,
      needs_formatting: normalized.isNeedingFormatting,
    };
  });
  await tx.$executeRaw`
    WITH asks AS (
      DELETE FROM translation_asks
      WHERE space_locale_id = ${localeId} AND translatable_key_id = ANY(${rows.map((row) => row.key_id)}::int[])
    )
    INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, is_needing_formatting,
                              reference_hash, verified_source_text, origin, translated_by_id, glossary_issues,
                              updated_at)
    SELECT c.key_id, ${localeId}, c.value, c.value_text, c.needs_formatting, NULL, NULL,
           'manual'::"TranslationOrigin", ${userId}::uuid, '[]'::jsonb, clock_timestamp()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS c(key_id int, value jsonb, value_text text, needs_formatting boolean)
    ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET
      value = EXCLUDED.value, value_text = EXCLUDED.value_text,
      is_needing_formatting = EXCLUDED.is_needing_formatting, reference_hash = NULL, verified_source_text = NULL,
      origin = EXCLUDED.origin, translated_by_id = EXCLUDED.translated_by_id, glossary_issues = '[]'::jsonb,
      updated_at = EXCLUDED.updated_at`;
}

/**
 * Imports an XLIFF file's targets into a language: each unit whose source is still the key's source and whose
 * target differs from the stored translation is stored unverified, its history saying it came from XLIFF; the
 * stories' counts and their write-back to Storyblok follow as after a save. Units are decided again under the
 * stories' locks, so a save that landed meanwhile is compared against, never overwritten unseen.
 */
export async function importXliff(
  deps: XliffDeps,
  spaceId: number,
  userId: string,
  spaceLocaleId: number,
  text: string,
): Promise<XliffImportResult> {
  const locale = await localeInSpace(deps.prisma, spaceId, spaceLocaleId);
  const document = readXliff(text);
  if (document.trgLang === null || !sameLanguage(document.trgLang, locale.code)) {
    const said = document.trgLang === null ? 'names no target language' : `is for "${document.trgLang}"`;
    throw new AppError(
      'xliff_language_mismatch',
      `This file ${said}, not ${locale.name} (${targetLanguageTag(locale.code)}): choose its language, or export again.`,
    );
  }
  const units = document.files.flatMap((file) => file.units.map((unit) => ({ storyId: storyIdOf(file.id), unit })));
  let decided = decideAll(units, await readKeys(deps.prisma, spaceId, locale.id, units));
  const storyIds = [
    ...new Set(decided.flatMap(({ key, decision }) => (decision.kind === 'apply' ? [key!.storyId] : []))),
  ];
  if (storyIds.length > 0) {
    decided = await changeTranslations(deps, spaceId, storyIds, async (tx) => {
      const touched = units.filter(({ storyId }) => storyId !== null && storyIds.includes(storyId));
      const now = decideAll(touched, await readKeys(tx, spaceId, locale.id, touched));
      const changes = now.flatMap(({ key, decision }) =>
        decision.kind === 'apply' ? [{ key: key!, value: decision.value }] : [],
      );
      await declareChange(tx, 'xliff', userId);
      await applyTargets(tx, locale.id, userId, changes);
      const byUnit = new Map(now.map((entry) => [entry.unit, entry]));
      return decided.map((entry) => byUnit.get(entry.unit) ?? entry);
    });
  }
  const result = summarize(decided);
  const named = [...new Set(result.skipped.flatMap((unit) => (unit.story_id === null ? [] : [unit.story_id])))];
  const stories = await deps.prisma.storyNode.findMany({
    where: { spaceId, id: { in: named } },
    select: { id: true, name: true },
  });
  const nameOf = new Map(stories.map((story) => [story.id, story.name]));
  for (const unit of result.skipped)
    unit.story_name = unit.story_id === null ? null : (nameOf.get(unit.story_id) ?? null);
  return result;
}

function summarize(decided: Array<{ storyId: number | null; unit: XliffReadUnit; decision: UnitDecision }>) {
  const result: XliffImportResult = {
    applied: 0,
    unchanged: 0,
    source_changed: 0,
    invalid: 0,
    unknown: 0,
    skipped: [],
  };
  for (const { storyId, unit, decision } of decided) {
    if (decision.kind === 'apply') result.applied += 1;
    else if (decision.kind === 'unchanged') result.unchanged += 1;
    else {
      result[decision.reason] += 1;
      const skipped: XliffSkippedUnit = {
        story_id: storyId,
        story_name: null,
        key: unit.id,
        reason: decision.reason,
        message: decision.message,
      };
      result.skipped.push(skipped);
    }
  }
  return result;
}
