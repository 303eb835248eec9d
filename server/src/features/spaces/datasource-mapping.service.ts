import type { DatasourceMapping } from '#contract/datasources.ts';
import { recordAuditEvent } from '../../db/audit-events.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import { queueDatasourceSync } from '../sync/index.ts';
import type { SpaceDeps } from './space-deps.ts';

/**
 * Each dimension value of the space's datasources, as the last sync read them: how many datasources have it, and
 * the names they gave it (one value may be "German" in one, "Deutsch" in another).
 */
async function dimensionsOf(
  prisma: Database,
  spaceId: number,
): Promise<Map<string, { names: string[]; datasources: number }>> {
  const rows = await prisma.$queryRaw<Array<{ entry_value: string; names: string[]; datasources: number }>>`
    SELECT d->>'entry_value' AS entry_value, array_agg(DISTINCT d->>'name' ORDER BY d->>'name') AS names,
           count(DISTINCT n.id)::int AS datasources
    FROM story_nodes n, jsonb_array_elements(coalesce(n.dimensions, '[]'::jsonb)) d
    WHERE n.space_id = ${spaceId} AND n.kind = 'datasource'
    GROUP BY 1
    ORDER BY 1`;
  return new Map(
    rows.map((row) => [
      row.entry_value,
      { names: row.names.filter((name) => name !== ''), datasources: row.datasources },
    ]),
  );
}

export async function getDatasourceMapping(prisma: Database, spaceId: number): Promise<DatasourceMapping> {
  const [dimensions, locales, datasourceCount] = await Promise.all([
    dimensionsOf(prisma, spaceId),
    prisma.spaceLocale.findMany({
      where: { spaceId },
      select: { id: true, code: true, name: true, datasourceDimension: true },
      orderBy: { id: 'asc' },
    }),
    prisma.storyNode.count({ where: { spaceId, kind: 'datasource' } }),
  ]);
  return {
    datasource_count: datasourceCount,
    languages: locales.map((locale) => ({
      space_locale_id: locale.id,
      code: locale.code,
      name: locale.name,
      dimension: locale.datasourceDimension,
      datasources_with_dimension: dimensions.get(locale.datasourceDimension ?? locale.code)?.datasources ?? 0,
    })),
    dimensions: [...dimensions].map(([value, dimension]) => ({ entry_value: value, ...dimension })),
  };
}

/**
 * Maps a language to a dimension the space's datasources have (null: its code). The datasources are read again
 * at once: the entries' values in the new dimension become the language's translations in Storyblok's stead,
 * and what translators saved stays where Storyblok has no value.
 */
export async function setDatasourceDimension(
  deps: SpaceDeps,
  spaceId: number,
  userId: string,
  input: { space_locale_id: number; dimension: string | null },
): Promise<DatasourceMapping> {
  const locale = await deps.prisma.spaceLocale.findFirst({
    where: { id: input.space_locale_id, spaceId },
    select: { id: true, code: true, datasourceDimension: true },
  });
  if (!locale) throw new AppError('not_found', 'This language is not one of this space’s languages.');
  // Its own code is no choice of its own: stored as none, so it follows the code if the language is renamed.
  const dimension = input.dimension === locale.code ? null : input.dimension;
  if (dimension !== null) {
    const known = await dimensionsOf(deps.prisma, spaceId);
    if (!known.has(dimension)) {
      throw new AppError('invalid_request', `None of the space’s datasources has a dimension “${dimension}”.`, {
        details: [{ path: 'dimension', message: `None of the space’s datasources has a dimension “${dimension}”.` }],
      });
    }
  }
  if (dimension !== locale.datasourceDimension) {
    await deps.prisma.$transaction(async (tx) => {
      await tx.spaceLocale.update({
        where: { id: locale.id },
        data: { datasourceDimension: dimension },
        select: { id: true },
      });
      await recordAuditEvent(tx, {
        spaceId,
        actorId: userId,
        action: 'language.datasource_dimension',
        targetId: String(locale.id),
        data: { code: locale.code, from: locale.datasourceDimension ?? locale.code, to: dimension ?? locale.code },
      });
    });
    await queueDatasourceSync(deps.queue, spaceId);
  }
  return getDatasourceMapping(deps.prisma, spaceId);
}
