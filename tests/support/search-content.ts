import { createHash } from 'node:crypto';
import type { Database } from '#server/db/prisma.ts';

/** A key of a story as a sync would import it, with its state in one locale. */
export interface KeySeed {
  text: string;
  /** Its translation; none means missing. */
  translation?: string;
  /** verified against the current source, verified against an older one (outdated), or never (unverified). */
  state?: 'verified' | 'outdated' | 'unverified';
  /** An AI ask under way (pending), or one that failed. */
  ask?: 'pending' | 'failed';
}

let nextStoryblokId = 5_000_000;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** A folder or a story written as the sync writes it; a story gets its keys in the locale. */
export async function addStory(
  prisma: Database,
  input: { spaceId: number; localeId: number; name: string; slug: string; folder?: { id: number; fullSlug: string } },
  keys: KeySeed[] = [],
  isFolder = false,
): Promise<{ id: number; fullSlug: string; keyIds: number[] }> {
  const fullSlug = input.folder ? `${input.folder.fullSlug}/${input.slug}` : input.slug;
  const node = await prisma.storyNode.create({
    data: {
      spaceId: input.spaceId,
      storyblokId: BigInt((nextStoryblokId += 1)),
      parentId: input.folder?.id ?? null,
      name: input.name,
      slug: input.slug,
      fullSlug,
      isFolder,
      contentHash: isFolder ? null : 'seeded',
      keyCount: keys.length,
    },
    select: { id: true },
  });
  // Its ids from the root down, as the sync keeps them: what a folder's runs and counts go by.
  const parent = input.folder
    ? await prisma.storyNode.findUniqueOrThrow({ where: { id: input.folder.id }, select: { path: true } })
    : { path: '/' };
  await prisma.storyNode.update({ where: { id: node.id }, data: { path: `${parent.path}${node.id}/` } });
  const keyIds: number[] = [];
  for (const [position, seed] of keys.entries()) {
    const hash = hashOf(seed.text);
    const key = await prisma.translatableKey.create({
      data: {
        spaceId: input.spaceId,
        storyId: node.id,
        key: `uid-${node.id}-${position}:text:title`,
        hash,
        fieldType: 'text',
        component: 'text',
        field: 'title',
        value: seed.text,
        valueText: seed.text,
        position,
      },
      select: { id: true },
    });
    keyIds.push(key.id);
    if (seed.translation !== undefined) {
      const state = seed.state ?? 'unverified';
      const referenceHash = state === 'verified' ? hash : state === 'outdated' ? hashOf('an older source') : null;
      await prisma.translation.create({
        data: {
          translatableKeyId: key.id,
          spaceLocaleId: input.localeId,
          value: seed.translation,
          valueText: seed.translation,
          referenceHash,
          verifiedSourceText: state === 'outdated' ? 'an older source' : null,
        },
      });
    }
    if (seed.ask) {
      await prisma.translationAsk.create({
        data: { translatableKeyId: key.id, spaceLocaleId: input.localeId, status: seed.ask },
      });
    }
  }
  return { id: node.id, fullSlug, keyIds };
}

/**
 * A space as big as a large customer's: `stories` stories in 20 folders with `keysPerStory` keys each, a third of
 * the keys translated (half of those verified). Every 997th key says "quokka", its translation "Wombat".
 */
export async function seedBigSpace(
  prisma: Database,
  input: { spaceId: number; localeId: number; stories: number; keysPerStory: number },
): Promise<void> {
  const { spaceId, localeId, stories, keysPerStory } = input;
  await prisma.$executeRaw`
    INSERT INTO story_nodes (space_id, storyblok_id, name, slug, full_slug, is_folder, content_hash, updated_at)
    SELECT ${spaceId}, 7000000 + g, 'Story ' || g, 'story-' || g, 'folder-' || (g % 20) || '/story-' || g, FALSE,
           'seeded', now()
    FROM generate_series(1, ${stories}) g`;
  await prisma.$executeRaw`
    INSERT INTO translatable_keys (space_id, story_id, key, hash, field_type, component, field, value, value_text,
                                   position, updated_at)
    SELECT ${spaceId}, n.id, 'uid-' || n.id || '-' || p || ':text:title', md5(n.id || '-' || p), 'text', 'text',
           'title', to_jsonb(body), body, p, now()
    FROM story_nodes n
    CROSS JOIN generate_series(1, ${keysPerStory}) p
    CROSS JOIN LATERAL (SELECT 'Paragraph ' || p || ' of ' || n.name || ': a sentence about the weather, the '
      || 'harbour and the opening hours of the museum'
      || CASE WHEN (n.id * ${keysPerStory} + p) % 997 = 0 THEN ', with a quokka' ELSE '' END AS body) b
    WHERE n.space_id = ${spaceId}`;
  await prisma.$executeRaw`
    INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, reference_hash, updated_at)
    SELECT k.id, ${localeId}, to_jsonb(tr), tr, CASE WHEN k.id % 6 = 0 THEN k.hash END, now()
    FROM translatable_keys k
    CROSS JOIN LATERAL (SELECT 'Absatz über das Wetter'
      || CASE WHEN k.value_text LIKE '%quokka%' THEN ', mit einem Wombat' ELSE '' END AS tr) t
    WHERE k.space_id = ${spaceId} AND k.id % 3 = 0`;
  await prisma.$executeRaw`ANALYZE`;
}
