import type { Database } from '#server/db/prisma.ts';

/**
 * Every count Polyblok keeps for a space (per story and language, per language, per story, for the space), side
 * by side with a recount from the rows themselves: equal means no count drifted.
 */
export async function countsAndRecount(prisma: Database, spaceId: number) {
  const keptStats = await prisma.$queryRaw<Array<Record<string, number>>>`
    SELECT s.story_id, s.space_locale_id, s.translated_count AS translated, s.verified_count AS verified
    FROM story_locale_stats s JOIN story_nodes n ON n.id = s.story_id
    WHERE n.space_id = ${spaceId} ORDER BY 1, 2`;
  const recountedStats = await prisma.$queryRaw<Array<Record<string, number>>>`
    SELECT k.story_id, l.id AS space_locale_id, count(t.id)::int AS translated,
           (count(t.id) FILTER (WHERE t.reference_hash = k.hash))::int AS verified
    FROM translatable_keys k JOIN space_locales l ON l.space_id = k.space_id
    LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = l.id
    WHERE k.space_id = ${spaceId} GROUP BY 1, 2 ORDER BY 1, 2`;
  const keptKeys = await prisma.$queryRaw<Array<{ id: number; keys: number }>>`
    SELECT id, key_count AS keys FROM story_nodes WHERE space_id = ${spaceId} AND key_count > 0 ORDER BY id`;
  const recountedKeys = await prisma.$queryRaw<Array<{ id: number; keys: number }>>`
    SELECT story_id AS id, count(*)::int AS keys FROM translatable_keys WHERE space_id = ${spaceId}
    GROUP BY story_id ORDER BY story_id`;
  const languages = await prisma.spaceLocale.findMany({
    where: { spaceId },
    select: { id: true, translatedKeyCount: true, verifiedKeyCount: true },
    orderBy: { id: 'asc' },
  });
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { translatableKeysCount: true, translatedKeysCount: true },
  });
  const sum = (id: number, field: 'translated' | 'verified') =>
    recountedStats.filter((row) => row.space_locale_id === id).reduce((total, row) => total + row[field]!, 0);
  return {
    kept: { stats: keptStats, keys: keptKeys, languages, space },
    recount: {
      stats: recountedStats,
      keys: recountedKeys,
      languages: languages.map(({ id }) => ({
        id,
        translatedKeyCount: sum(id, 'translated'),
        verifiedKeyCount: sum(id, 'verified'),
      })),
      space: {
        translatableKeysCount: recountedKeys.reduce((total, row) => total + row.keys, 0),
        translatedKeysCount: languages.reduce((total, { id }) => total + sum(id, 'translated'), 0),
      },
    },
  };
}
