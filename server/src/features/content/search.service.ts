import type { ContentSearchResponse, SearchMatch } from '#contract/content-search.ts';
import { SEARCH_MATCH_LIMIT, SEARCH_STORY_LIMIT, type SearchStatus } from '#contract/search-rules.ts';
import type { Database } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { localeByCode } from './content-scope.ts';
import { checkBeforeFilter } from './qa-store.ts';
import { cutAround } from './search-snippet.ts';
import {
  keyJoins,
  keyTextMatches,
  likePattern,
  outdatedSql,
  statusFilter,
  statusSql,
  textHitsCte,
} from './search-sql.ts';

export interface SearchInput {
  locale: string;
  q?: string | undefined;
  status?: SearchStatus | undefined;
}

interface StoryRow {
  id: number;
  name: string;
  full_slug: string;
  folder_id: number | null;
  hits: number;
  keys: number;
}

interface MatchRow {
  id: number;
  story_id: number;
  key: string;
  value_text: string;
  translated: string | null;
  status: SearchMatch['status'];
  is_outdated: boolean;
}

/**
 * The stories of a space that match the words (by name, slug, or a key's source or translation in the locale)
 * and have keys in the status, best first: a story is listed when some of its keys match both, or when its name
 * or slug matches and it has keys in the status. Its matches are those keys (for a story found by its name, the
 * keys in the status).
 */
export async function searchContent(
  prisma: Database,
  spaceId: number,
  input: SearchInput,
): Promise<ContentSearchResponse> {
  const locale = await localeByCode(prisma, spaceId, input.locale);
  const { q, status } = input;
  const checksWaiting = await checkBeforeFilter(prisma, { id: locale.id, spaceId }, status);
  const pattern = q === undefined ? null : likePattern(q);
  const joins = status === undefined ? Prisma.empty : keyJoins(locale.id);
  // With words and no status only the keys that hold them count; with a status, every key in it does.
  const hitJoin =
    pattern === null
      ? Prisma.empty
      : Prisma.sql`${Prisma.raw(status === undefined ? '' : 'LEFT')} JOIN hit h ON h.id = k.id`;
  const textHit = pattern === null || status === undefined ? Prisma.sql`TRUE` : Prisma.sql`h.id IS NOT NULL`;
  const nameHit = pattern === null ? Prisma.sql`FALSE` : Prisma.sql`search_text(n.name) LIKE ${pattern}`;
  const slugHit = pattern === null ? Prisma.sql`FALSE` : Prisma.sql`search_text(n.full_slug) LIKE ${pattern}`;
  // Among stories named so, the one whose name is closest to the words first ("Home" before "Homepage teaser").
  const nameCloseness =
    q === undefined
      ? Prisma.sql`0`
      : Prisma.sql`CASE WHEN ${nameHit} THEN similarity(search_text(n.name), search_text(${q}::text)) ELSE 0 END`;
  const hasKeysInStatus = status === undefined ? Prisma.sql`TRUE` : Prisma.sql`keys > 0`;

  const rows = await prisma.$queryRaw<StoryRow[]>`
    WITH ${pattern === null ? Prisma.empty : textHitsCte(spaceId, locale.id, pattern)}
    ks AS (
      SELECT k.story_id, ${textHit} AS text_hit
      FROM translatable_keys k ${hitJoin} ${joins}
      WHERE k.space_id = ${spaceId} AND ${statusFilter(status)}
    ),
    per_story AS (
      SELECT story_id, (count(*) FILTER (WHERE text_hit))::int AS hits, count(*)::int AS keys FROM ks GROUP BY story_id
    )
    SELECT id, name, full_slug, folder_id, hits, keys FROM (
      SELECT n.id, n.name, n.full_slug, n.parent_id AS folder_id,
             coalesce(p.hits, 0) AS hits, coalesce(p.keys, 0) AS keys,
             ${nameHit} AS name_hit, ${slugHit} AS slug_hit, ${nameCloseness} AS closeness
      FROM story_nodes n LEFT JOIN per_story p ON p.story_id = n.id
      WHERE n.space_id = ${spaceId} AND NOT n.is_folder
    ) s
    WHERE hits > 0 OR ((name_hit OR slug_hit) AND ${hasKeysInStatus})
    ORDER BY (name_hit OR slug_hit) DESC, name_hit DESC, closeness DESC, hits DESC, keys DESC, lower(name), id
    LIMIT ${SEARCH_STORY_LIMIT + 1}`;
  const stories = rows.slice(0, SEARCH_STORY_LIMIT);
  const ids = stories.map((story) => story.id);
  // A story found by its name alone lists its keys in the status, having none that hold the words.
  const byNameOnly = status === undefined ? [] : stories.filter((story) => story.hits === 0).map((story) => story.id);
  const matchRows =
    ids.length === 0
      ? []
      : await prisma.$queryRaw<MatchRow[]>`
    SELECT id, story_id, key, value_text, translated, status, is_outdated FROM (
      SELECT k.id, k.story_id, k.key, k.value_text, t.value_text AS translated,
             ${statusSql} AS status, ${outdatedSql} AS is_outdated,
             row_number() OVER (PARTITION BY k.story_id ORDER BY k.position, k.id) AS place
      FROM translatable_keys k ${keyJoins(locale.id)}
      WHERE k.space_id = ${spaceId} AND k.story_id = ANY(${ids}::int[]) AND ${statusFilter(status)}
        AND (${pattern === null ? Prisma.sql`TRUE` : keyTextMatches(pattern)} OR k.story_id = ANY(${byNameOnly}::int[]))
    ) m
    WHERE place <= ${SEARCH_MATCH_LIMIT}
    ORDER BY story_id, place`;

  return {
    stories: stories.map((story) => ({
      id: story.id,
      name: story.name,
      full_slug: story.full_slug,
      folder_id: story.folder_id,
      match_count: story.hits > 0 ? story.hits : byNameOnly.includes(story.id) ? story.keys : 0,
      matches: matchRows
        .filter((row) => row.story_id === story.id)
        .map((row) => ({
          id: row.id,
          key: row.key,
          value_text: cutAround(row.value_text, q),
          translated_key_value_text: row.translated === null ? null : cutAround(row.translated, q),
          status: row.status,
          is_outdated: row.is_outdated,
        })),
    })),
    has_more: rows.length > SEARCH_STORY_LIMIT,
    checks_waiting: checksWaiting,
  };
}
