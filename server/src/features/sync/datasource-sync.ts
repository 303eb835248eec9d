import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { SpaceStoryblok, StoryblokDatasource } from '../../storyblok-access/index.ts';
import {
  datasourceHash,
  datasourceKeys,
  dimensionOf,
  type DatasourceLocale,
  type DatasourceRead,
} from '../../storyblok-content/datasource-keys.ts';
import { toStorableText } from '../../storyblok-content/storable-text.ts';
import { storeNodeKeys } from './node-keys.ts';
import { importOrNoteProblem } from './story-import-problem.ts';
import { linkStoryTree } from './story-tree.ts';

/** A datasource's node is its Storyblok id negated, the folder they show in 0: never a story's id. */
export const datasourceNodeId = (datasourceId: number) => BigInt(-datasourceId);
export const DATASOURCE_FOLDER_ID = 0n;

export interface DatasourceSyncReport {
  datasourcesRead: number;
  datasourcesFailed: number;
  keysAdded: number;
  translationsImported: number;
  removed: number;
}

/**
 * Brings the space's datasources that have dimensions into Polyblok, each as a node under a _Datasources_ folder
 * whose keys are its entries, and each language's values from the dimension it maps to as translations. A
 * datasource without dimensions has no translations to keep and is left out. Reads each datasource once, and once
 * more per language that has a dimension in it.
 */
export async function syncDatasources(
  prisma: Database,
  storyblok: SpaceStoryblok,
  spaceId: number,
  signal?: AbortSignal,
): Promise<DatasourceSyncReport> {
  const locales = await prisma.spaceLocale.findMany({
    where: { spaceId },
    select: { id: true, code: true, datasourceDimension: true },
  });
  const report: DatasourceSyncReport = {
    datasourcesRead: 0,
    datasourcesFailed: 0,
    keysAdded: 0,
    translationsImported: 0,
    removed: 0,
  };
  const listed = await storyblok.listDatasources();
  // Out of the token's reach: what was imported before stays, translations and all, until it can be read again.
  if (listed === null) return report;
  const sources = listed.filter((source) => source.dimensions.length > 0);
  const kept = sources.length > 0 ? [DATASOURCE_FOLDER_ID] : [];
  let treeChanged = sources.length > 0 && (await ensureFolder(prisma, spaceId));
  for (const [position, source] of sources.entries()) {
    signal?.throwIfAborted();
    kept.push(datasourceNodeId(source.id));
    const node = await upsertDatasourceNode(prisma, spaceId, source, position);
    treeChanged ||= node.created;
    const read = await readDatasource(storyblok, source, locales);
    // Deleted in Storyblok since it was listed: the next sync no longer lists it, and removes it.
    if (!read) continue;
    const result = await importOrNoteProblem(prisma, { spaceId, nodeId: node.id }, () =>
      storeNodeKeys(prisma, {
        spaceId,
        nodeId: node.id,
        hash: datasourceHash(read),
        keys: datasourceKeys(read),
        locales,
        skippedComponents: {},
      }),
    );
    report.datasourcesRead += 1;
    if ('failed' in result) {
      report.datasourcesFailed += 1;
      continue;
    }
    report.keysAdded += result.keysAdded;
    report.translationsImported += result.translationsImported;
  }
  const { count } = await prisma.storyNode.deleteMany({
    where: { spaceId, kind: { in: ['datasource', 'datasource_folder'] }, storyblokId: { notIn: kept } },
  });
  report.removed = count;
  if (treeChanged || count > 0) await linkStoryTree(prisma, spaceId);
  return report;
}

/** The _Datasources_ folder at the root; true when it was made now. */
async function ensureFolder(prisma: Database, spaceId: number): Promise<boolean> {
  const where = { spaceId_storyblokId: { spaceId, storyblokId: DATASOURCE_FOLDER_ID } };
  if (await prisma.storyNode.findUnique({ where, select: { id: true } })) return false;
  await prisma.storyNode.createMany({
    data: [
      {
        spaceId,
        storyblokId: DATASOURCE_FOLDER_ID,
        kind: 'datasource_folder',
        isFolder: true,
        name: 'Datasources',
        slug: 'datasources',
        fullSlug: 'datasources',
        // Where stories never are: last in a listing by position.
        position: 2 ** 31 - 1,
      },
    ],
    skipDuplicates: true,
  });
  return true;
}

/** The datasource's node, written only where something changed, so an unchanged space's sync writes nothing. */
async function upsertDatasourceNode(
  prisma: Database,
  spaceId: number,
  source: StoryblokDatasource,
  position: number,
): Promise<{ id: number; created: boolean }> {
  const fields = {
    name: toStorableText(source.name),
    slug: toStorableText(source.slug),
    fullSlug: toStorableText(`datasources/${source.slug}`),
    position,
    dimensions: source.dimensions.map(({ id, name, entry_value }) => ({ id, name, entry_value })),
  };
  const where = { spaceId_storyblokId: { spaceId, storyblokId: datasourceNodeId(source.id) } };
  const existing = await prisma.storyNode.findUnique({
    where,
    select: { id: true, name: true, slug: true, fullSlug: true, position: true, dimensions: true },
  });
  if (!existing) {
    const created = await prisma.storyNode.create({
      data: {
        spaceId,
        storyblokId: datasourceNodeId(source.id),
        storyblokParentId: DATASOURCE_FOLDER_ID,
        kind: 'datasource',
        isFolder: false,
        ...fields,
        dimensions: fields.dimensions as Prisma.InputJsonValue,
      },
      select: { id: true },
    });
    return { id: created.id, created: true };
  }
  const same =
    existing.name === fields.name &&
    existing.slug === fields.slug &&
    existing.fullSlug === fields.fullSlug &&
    existing.position === fields.position &&
    JSON.stringify(existing.dimensions) === JSON.stringify(fields.dimensions);
  if (!same) {
    await prisma.storyNode.update({
      where: { id: existing.id },
      data: { ...fields, dimensions: fields.dimensions as Prisma.InputJsonValue },
      select: { id: true },
    });
  }
  return { id: existing.id, created: false };
}

/** The entries, and each language's values from its dimension; null when Storyblok no longer has the datasource. */
async function readDatasource(
  storyblok: SpaceStoryblok,
  source: StoryblokDatasource,
  locales: DatasourceLocale[],
): Promise<DatasourceRead | null> {
  const entries = await storyblok.listDatasourceEntries(source.id, null);
  if (!entries) return null;
  const values = new Map<string, Map<number, string>>();
  // Two languages may map to one dimension: it is read once.
  const byDimension = new Map<number, Map<number, string>>();
  for (const locale of locales) {
    const dimension = dimensionOf(source.dimensions, locale);
    if (!dimension) continue;
    let read = byDimension.get(dimension.id);
    if (!read) {
      const inDimension = await storyblok.listDatasourceEntries(source.id, dimension.id);
      if (!inDimension) return null;
      read = new Map(
        inDimension.flatMap((entry) => (entry.dimension_value ? [[entry.id, entry.dimension_value]] : [])),
      );
      byDimension.set(dimension.id, read);
    }
    values.set(locale.code, read);
  }
  return {
    slug: source.slug,
    entries: entries.map(({ id, name, value }) => ({ id, name, value })),
    values,
  };
}
