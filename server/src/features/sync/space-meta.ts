import type { StoryblokComponentDefinition, StoryblokSpace } from '../../storyblok-access/index.ts';
import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { readComponents, translatableFieldsOf, type ComponentSpec } from '../../storyblok-content/component-schema.ts';
import { canonicalJson } from '../../storyblok-content/content-hash.ts';
import { toStorable, toStorableText } from '../../storyblok-content/storable-text.ts';
import type { LocaleRef } from './story-content.ts';

/**
 * Takes the space's name, default language name, preview token, whether it publishes translations individually,
 * and its languages from Storyblok. Languages
 * Storyblok has and Polyblok lacks are added; a language gone from Storyblok stays in Polyblok with its
 * translations (nothing is deleted behind the translators' backs) and is reported.
 */
export async function refreshSpaceMeta(
  prisma: Database,
  spaceId: number,
  remote: StoryblokSpace,
): Promise<{ locales: LocaleRef[]; missingInStoryblok: string[] }> {
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: {
      name: true,
      defaultLocaleName: true,
      previewToken: true,
      publishesLanguagesIndividually: true,
      locales: { select: { id: true, code: true, name: true } },
    },
  });
  const meta = {
    name: toStorableText(remote.name),
    defaultLocaleName: remote.defaultLangName === null ? null : toStorableText(remote.defaultLangName),
    previewToken: remote.previewToken,
    publishesLanguagesIndividually: remote.publishesLanguagesIndividually,
  };
  if (
    space.name !== meta.name ||
    space.defaultLocaleName !== meta.defaultLocaleName ||
    space.previewToken !== meta.previewToken ||
    space.publishesLanguagesIndividually !== meta.publishesLanguagesIndividually
  ) {
    await prisma.space.update({ where: { id: spaceId }, data: meta, select: { id: true } });
  }
  const byCode = new Map(space.locales.map((locale) => [locale.code, locale]));
  const locales: LocaleRef[] = space.locales.map(({ id, code }) => ({ id, code }));
  for (const language of remote.languages) {
    const known = byCode.get(language.code);
    if (!known) {
      const created = await prisma.spaceLocale.create({
        data: { spaceId, code: language.code, name: language.name || language.code },
        select: { id: true, code: true },
      });
      locales.push(created);
    } else if (language.name && known.name !== language.name) {
      await prisma.spaceLocale.update({ where: { id: known.id }, data: { name: language.name }, select: { id: true } });
    }
  }
  const remoteCodes = new Set(remote.languages.map((language) => language.code));
  return {
    locales,
    missingInStoryblok: space.locales.map((locale) => locale.code).filter((code) => !remoteCodes.has(code)),
  };
}

/** Stores the component schemas (writing only those that changed) and answers what they make translatable. */
export async function refreshComponents(
  prisma: Database,
  spaceId: number,
  definitions: StoryblokComponentDefinition[],
): Promise<Map<string, ComponentSpec>> {
  const specs = readComponents(definitions);
  const stored = await prisma.storyblokComponent.findMany({
    where: { spaceId },
    select: { id: true, name: true, schema: true },
  });
  const storedByName = new Map(stored.map((row) => [row.name, row]));
  for (const definition of definitions) {
    const spec = specs.get(definition.name);
    if (!spec) continue;
    const row = storedByName.get(definition.name);
    const schema = toStorable(definition.schema);
    if (row && canonicalJson(row.schema) === canonicalJson(schema)) continue;
    const data = {
      displayName: definition.display_name ?? null,
      schema: schema as Prisma.InputJsonValue,
      translatableFields: translatableFieldsOf(spec) as Prisma.InputJsonValue,
    };
    if (row) await prisma.storyblokComponent.update({ where: { id: row.id }, data, select: { id: true } });
    else
      await prisma.storyblokComponent.create({
        data: { spaceId, name: definition.name, ...data },
        select: { id: true },
      });
  }
  const current = new Set(definitions.map((definition) => definition.name));
  const gone = stored.filter((row) => !current.has(row.name)).map((row) => row.id);
  if (gone.length > 0) await prisma.storyblokComponent.deleteMany({ where: { id: { in: gone } } });
  return specs;
}
