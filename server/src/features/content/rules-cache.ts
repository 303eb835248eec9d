import type { QaProblem } from '#contract/qa-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { KeyViewRow } from './key-view.ts';
import { checkAgainstRules, readLocaleRules, type LocaleOfSpace, type LocaleRules } from './locale-rules.ts';

/** The languages whose rules a process keeps, the least recently used going first. */
const KEPT_LANGUAGES = 500;

interface Kept {
  version: bigint;
  rules: Promise<LocaleRules>;
}

// By database, so that servers on different databases in one process (tests) never share rules.
const keptByDatabase = new WeakMap<Database, Map<string, Kept>>();

/**
 * The statement part (a scalar subquery) answering the version of a language's rules: when they last changed
 * (`qa_rules_at`, moved by triggers on the glossary, the style guide and the components), in microseconds. Read
 * along with the rows a request needs anyway, so knowing whether kept rules still hold costs no statement.
 */
export function rulesVersionSql(spaceLocaleId: number): Prisma.Sql {
  return Prisma.sql`(SELECT (extract(epoch FROM l.qa_rules_at) * 1000000)::bigint
                     FROM space_locales l WHERE l.id = ${spaceLocaleId})`;
}

/**
 * A language's rules (glossary, words to avoid, every component's length limits) as of their `version`: kept by
 * the process and read again only once a change to them (made by any process) moved the version. Rules read
 * after the version was taken can only be newer than it, never older.
 */
export function rulesAtVersion(prisma: Database, locale: LocaleOfSpace, version: bigint): Promise<LocaleRules> {
  let kept = keptByDatabase.get(prisma);
  if (!kept) keptByDatabase.set(prisma, (kept = new Map()));
  const id = `${locale.spaceId}:${locale.id}`;
  const found = kept.get(id);
  kept.delete(id);
  if (found && found.version >= version) {
    kept.set(id, found);
    return found.rules;
  }
  const entry: Kept = { version, rules: readLocaleRules(prisma, locale) };
  kept.set(id, entry);
  // A failed read is not kept: the next request reads again.
  entry.rules.catch(() => {
    if (kept.get(id) === entry) kept.delete(id);
  });
  if (kept.size > KEPT_LANGUAGES) kept.delete(kept.keys().next().value!);
  return entry.rules;
}

/** The findings a process keeps, over every language, the least recently used going first (a few MB). */
const KEPT_FINDINGS = 100_000;

const findingsByDatabase = new WeakMap<Database, Map<string, QaProblem[]>>();

/**
 * The checks of translations against their language's rules as of `version`, each kept once made: they depend
 * only on the key's source (its hash), the translation (changed exactly when its `updated_at` moves) and the
 * rules, so a story read again, as a translator's editor does after each save, checks only what changed.
 */
export function checksAtVersion(
  prisma: Database,
  locale: LocaleOfSpace,
  version: bigint,
  rules: LocaleRules,
): (row: KeyViewRow) => QaProblem[] {
  let kept = findingsByDatabase.get(prisma);
  if (!kept) findingsByDatabase.set(prisma, (kept = new Map()));
  const findings = kept;
  const prefix = `${locale.id}:${version}:`;
  return (row) => {
    const { translation } = row;
    if (!translation) return [];
    const id = `${prefix}${row.id}:${row.hash}:${translation.updatedAt.getTime()}`;
    let found = findings.get(id);
    if (found) findings.delete(id);
    else found = checkAgainstRules(row, translation, rules);
    findings.set(id, found);
    if (findings.size > KEPT_FINDINGS) findings.delete(findings.keys().next().value!);
    return found;
  };
}
