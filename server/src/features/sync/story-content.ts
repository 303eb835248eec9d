import type { Database } from '../../db/prisma.ts';
import type { ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { contentHashSteps } from '../../storyblok-content/content-hash.ts';
import { extractKeySteps } from '../../storyblok-content/extract-keys.ts';
import { slugKey, storyHash, type StorySlugs } from '../../storyblok-content/translated-slugs.ts';
import { runInSlices } from '../../time-slices.ts';
import { storeNodeKeys, type LocaleRef, type StoryImportResult } from './node-keys.ts';
import { importOrNoteProblem } from './story-import-problem.ts';

export type { LocaleRef, StoryImportResult } from './node-keys.ts';

/**
 * Brings one story's content into its keys (storeNodeKeys): every translatable field, and its slug where the
 * space translates slugs. Hashes are of the content as Storyblok holds it; values are stored as text PostgreSQL
 * can hold (storable-text.ts).
 */
export async function importStoryContent(
  prisma: Database,
  input: {
    spaceId: number;
    nodeId: number;
    content: unknown;
    /** The story's slug and its languages' slugs, where the space translates slugs. */
    slugs?: StorySlugs;
    components: Map<string, ComponentSpec>;
    locales: LocaleRef[];
  },
): Promise<StoryImportResult> {
  // Reading and hashing a story of thousands of bloks takes long: it goes in slices, so the server keeps answering.
  const hash = storyHash(await runInSlices(contentHashSteps(input.content ?? null)), input.slugs);
  const codes = input.locales.map((locale) => locale.code);
  const extraction = await runInSlices(extractKeySteps(input.content, input.components, codes));
  const slug = input.slugs ? slugKey(input.slugs, codes, extraction.keys.length) : null;
  if (slug) extraction.keys.push(slug);
  return storeNodeKeys(prisma, {
    spaceId: input.spaceId,
    nodeId: input.nodeId,
    hash,
    keys: extraction.keys,
    locales: input.locales,
    skippedComponents: extraction.skippedComponents,
  });
}

export type StoryImportInput = Parameters<typeof importStoryContent>[1];

/**
 * Imports a story whose failure must not stop what else is being synced (importOrNoteProblem): a failure caused by
 * the story's own content is noted on it and answered as `{ failed }`; any other failure is thrown.
 */
export function importStoryOrNoteProblem(
  prisma: Database,
  input: StoryImportInput,
): Promise<StoryImportResult | { failed: string }> {
  return importOrNoteProblem(prisma, input, () => importStoryContent(prisma, input));
}
