import type { ReadinessStory } from '#contract/publishing.ts';
import type { LanguagePublication, PublishRequirement } from '#contract/publish-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { localeInSpace } from '../content/index.ts';
import { publishRuleOf } from './publish-rule.ts';

interface ReadinessRow {
  id: number | null;
  name: string | null;
  full_slug: string | null;
  keys: number | null;
  translated: number | null;
  verified: number | null;
  complete: boolean | null;
  publication: LanguagePublication | null;
  published_at: Date | null;
  total: number;
  ready: number;
}

export interface ReadinessQuery {
  space_locale_id: number;
  page: number;
  per_page: number;
}

/**
 * The space's stories (datasources have nothing to publish) with how complete each is in one language and where
 * that language stands in Storyblok, ready ones first. One statement over the counts Polyblok keeps per story and
 * language (never over the keys), with the page, the total and the number ready, so a space of any size costs one
 * index walk of its stories.
 */
export async function getReadiness(prisma: Database, spaceId: number, query: ReadinessQuery) {
  const locale = await localeInSpace(prisma, spaceId, query.space_locale_id);
  const space = await prisma.space.findUniqueOrThrow({
    where: { id: spaceId },
    select: { publishRequires: true, writeBackMode: true, publishesLanguagesIndividually: true },
  });
  const rule: PublishRequirement = publishRuleOf(space);
  const offset = (query.page - 1) * query.per_page;
  const rows = await prisma.$queryRaw<ReadinessRow[]>`
    WITH counted AS (
      SELECT n.id, n.name, n.full_slug, n.key_count AS keys,
             coalesce(s.translated_count, 0) AS translated, coalesce(s.verified_count, 0) AS verified,
             pub.published_at, pub.unpublished_changes,
             -- A story whose content is not imported yet has no keys to go by: it is not complete.
             (n.content_hash IS NOT NULL AND
              (CASE WHEN ${rule} = 'translated' THEN coalesce(s.translated_count, 0)
                    ELSE coalesce(s.verified_count, 0) END) >= n.key_count) AS complete
      FROM story_nodes n
      LEFT JOIN story_locale_stats s ON s.story_id = n.id AND s.space_locale_id = ${locale.id}
      LEFT JOIN LATERAL (
        SELECT (e->>'published_at')::timestamptz AS published_at, (e->>'unpublished_changes')::boolean AS unpublished_changes
        FROM jsonb_array_elements(n.translated_stories) e
        WHERE e->>'lang' = ${locale.code} AND e->>'published_at' IS NOT NULL
        LIMIT 1
      ) pub ON true
      WHERE n.space_id = ${spaceId} AND n.kind = 'story' AND NOT n.is_folder AND NOT n.is_ignored
    ),
    ranked AS (
      SELECT *,
             CASE WHEN published_at IS NULL THEN 'never'
                  WHEN unpublished_changes THEN 'unpublished_changes'
                  ELSE 'published' END AS publication,
             CASE WHEN complete AND (published_at IS NULL OR unpublished_changes) THEN 0
                  WHEN NOT complete THEN 1
                  ELSE 2 END AS rank,
             keys - (CASE WHEN ${rule} = 'translated' THEN translated ELSE verified END) AS left_to_do
      FROM counted
    ),
    page AS (
      SELECT id, name, full_slug, keys, translated, verified, complete, publication, published_at,
             rank, left_to_do, lower(name) AS sort_name
      FROM ranked
      ORDER BY rank, left_to_do, sort_name, id
      LIMIT ${query.per_page} OFFSET ${offset}
    )
    SELECT p.id, p.name, p.full_slug, p.keys, p.translated, p.verified, p.complete, p.publication, p.published_at,
           totals.total, totals.ready
    FROM (SELECT count(*)::int AS total, (count(*) FILTER (WHERE rank = 0))::int AS ready FROM ranked) totals
    LEFT JOIN page p ON true
    ORDER BY p.rank, p.left_to_do, p.sort_name, p.id`;
  const stories: ReadinessStory[] = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name ?? '',
            full_slug: row.full_slug ?? '',
            keys: row.keys ?? 0,
            translated: row.translated ?? 0,
            verified: row.verified ?? 0,
            complete: row.complete ?? false,
            publication: row.publication ?? 'never',
            published_at: row.published_at?.toISOString() ?? null,
          },
        ],
  );
  return {
    locale,
    publish_requires: rule,
    publishes_languages_individually: space.publishesLanguagesIndividually,
    ready_count: rows[0]?.ready ?? 0,
    stories,
    metadata: { total: rows[0]?.total ?? 0, page: query.page, per_page: query.per_page },
  };
}
