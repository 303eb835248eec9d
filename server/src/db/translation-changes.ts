import type { TranslationOrigin } from '#contract/translation-origins.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { DatabaseTransaction } from './prisma.ts';

/**
 * Declares, for the rest of the transaction, where the changes of translations come from and who made them: the
 * triggers on `translations` (migration 20261127204000) read it into each history entry they write. As an SQL
 * fragment, so that a single-statement writer (bulk verification) declares it inside its own statement: the
 * triggers fire at the end of that statement, after the fragment ran.
 */
export function declareChangeSql(origin: TranslationOrigin, userId: string | null): Prisma.Sql {
  return Prisma.sql`SELECT set_config('polyblok.change_origin', ${origin}, true) AS origin,
    set_config('polyblok.change_user', ${userId ?? ''}, true) AS change_user`;
}

/** Declares the origin and author of the translations the transaction changes from here on. */
export async function declareChange(
  tx: DatabaseTransaction,
  origin: TranslationOrigin,
  userId: string | null,
): Promise<void> {
  await tx.$queryRaw(declareChangeSql(origin, userId));
}
