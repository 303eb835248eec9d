import type { SearchStatus } from '#contract/search-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { mapSteps, runInSlices } from '../../time-slices.ts';
import { checkAgainstRules, readLocaleRules, type LocaleOfSpace } from './locale-rules.ts';

/**
 * The QA findings of every translation, kept in `translations.qa_codes` so that "has QA problems" can be asked of a
 * whole space in one indexed read. Triggers mark what is to be checked again (see the translation_qa migration): a
 * translation whose value or key's source changed (`qa_checked_at` null), and every translation of a language whose
 * rules changed since it was checked (`qa_checked_at` not after `space_locales.qa_rules_at`). This finds them again.
 */

/** Translations checked per statement: each batch is one read and one write. */
export const QA_BATCH = 500;

interface WaitingRow {
  id: number;
  value: unknown;
  value_text: string;
  updated_at: Date;
  field_type: string;
  component: string;
  field: string;
  source: unknown;
  source_text: string;
}

/**
 * Checks up to `most` translations of the language that wait for it, and answers how many it checked and whether
 * some still wait. A translation changed meanwhile is left waiting (its new value is checked next time); a rule
 * changed meanwhile leaves the checked ones waiting too, since they are stamped with the time the rules were read.
 */
export async function checkWaitingTranslations(
  prisma: Database,
  locale: LocaleOfSpace,
  most: number,
): Promise<{ checked: number; waiting: boolean }> {
  const [clock] = await prisma.$queryRaw<Array<{ read_at: Date; rules_at: Date }>>`
    SELECT clock_timestamp() AS read_at, qa_rules_at AS rules_at FROM space_locales WHERE id = ${locale.id}`;
  if (!clock) return { checked: 0, waiting: false };
  const rules = await readLocaleRules(prisma, locale);
  let checked = 0;
  // Read but changed before they were stamped: their new values wait for the next run.
  const changed: number[] = [];
  // Any waiting rows, in no order: the first ones the language's index finds. In id order, each batch would
  // sort every waiting translation of the language (a whole space's after an import) to take a few.
  const waiting = () => Prisma.sql`
    t.space_locale_id = ${locale.id} AND (t.qa_checked_at IS NULL OR t.qa_checked_at <= ${clock.rules_at})
    AND NOT (t.id = ANY(${changed}::int[]))`;
  while (checked < most) {
    const rows = await prisma.$queryRaw<WaitingRow[]>`
      SELECT t.id, t.value, t.value_text, t.updated_at, k.field_type, k.component, k.field,
             k.value AS source, k.value_text AS source_text
      FROM (SELECT t.id, t.value, t.value_text, t.updated_at, t.translatable_key_id FROM translations t
            WHERE ${waiting()} LIMIT ${Math.min(QA_BATCH, most - checked)}) t
      JOIN translatable_keys k ON k.id = t.translatable_key_id`;
    if (rows.length === 0) return { checked, waiting: false };
    const found = await runInSlices(
      mapSteps(rows, (row) => ({
        id: row.id,
        stamp: row.updated_at.toISOString(),
        codes: [
          ...new Set(
            checkAgainstRules(
              {
                fieldType: row.field_type,
                component: row.component,
                field: row.field,
                value: row.source,
                valueText: row.source_text,
              },
              { value: row.value, valueText: row.value_text },
              rules,
            ).map((problem) => problem.code),
          ),
        ],
      })),
    );
    const stamped = await prisma.$queryRaw<Array<{ id: number }>>`
      UPDATE translations t SET qa_codes = f.codes, qa_checked_at = ${clock.read_at}
      FROM jsonb_to_recordset(${JSON.stringify(found)}::jsonb) AS f(id int, stamp timestamptz, codes text[])
      WHERE t.id = f.id AND t.updated_at = f.stamp
      RETURNING t.id`;
    const done = new Set(stamped.map((row) => row.id));
    changed.push(...rows.filter((row) => !done.has(row.id)).map((row) => row.id));
    checked += rows.length;
  }
  const [more] = await prisma.$queryRaw<Array<{ waiting: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM translations t WHERE ${waiting()}) AS waiting`;
  return { checked, waiting: more?.waiting ?? false };
}

/** The languages that have translations waiting for their checks. */
export function localesWaitingForChecks(prisma: Database): Promise<Array<LocaleOfSpace>> {
  return prisma.$queryRaw<Array<LocaleOfSpace>>`
    SELECT l.id, l.space_id AS "spaceId" FROM space_locales l
    WHERE EXISTS (SELECT 1 FROM translations t WHERE t.space_locale_id = l.id AND t.qa_checked_at IS NULL)
       OR EXISTS (SELECT 1 FROM translations t WHERE t.space_locale_id = l.id AND t.qa_checked_at <= l.qa_rules_at)
    ORDER BY l.id`;
}

/**
 * What a filter by `qa_problem` checks first, so that it answers what was just saved: a few batches at most, the
 * rest being the background job's (a change of the glossary makes a whole language wait).
 */
export const CHECKS_BEFORE_FILTER = 10 * QA_BATCH;

/** Before keys are filtered by the status: checks what waits in the language; answers whether some still wait. */
export async function checkBeforeFilter(
  prisma: Database,
  locale: LocaleOfSpace,
  status: SearchStatus | undefined,
): Promise<boolean> {
  if (status !== 'qa_problem') return false;
  return (await checkWaitingTranslations(prisma, locale, CHECKS_BEFORE_FILTER)).waiting;
}
