import type { LanguageProgress } from '#contract/progress.ts';
import type { Database } from '../../db/prisma.ts';

/**
 * Today's snapshot of every language: its counts as they stand now, kept as the day's. Taken every hour, the
 * day's last one is how the day ended. Rows that would not change are not written. Answers the rows written.
 */
export function snapshotLanguages(prisma: Database): Promise<number> {
  return prisma.$executeRaw`
    INSERT INTO locale_progress_days AS d (space_locale_id, day, keys, translated, verified)
    SELECT l.id, current_date, s.translatable_keys_count, l.translated_key_count, l.verified_key_count
    FROM space_locales l JOIN spaces s ON s.id = l.space_id
    ON CONFLICT (space_locale_id, day) DO UPDATE
      SET keys = EXCLUDED.keys, translated = EXCLUDED.translated, verified = EXCLUDED.verified
      WHERE (d.keys, d.translated, d.verified) IS DISTINCT FROM (EXCLUDED.keys, EXCLUDED.translated, EXCLUDED.verified)`;
}

interface DayRow {
  space_locale_id: number;
  day: string;
  keys: number;
  translated: number;
  verified: number;
}

interface WordsRow {
  space_locale_id: number;
  day: string;
  people: number;
  ai: number;
  memory: number;
}

/**
 * Each language of the space over the last `days` days: its snapshots, with today as it stands now, and the
 * words of the keys translated per day by people (saves, reverts, XLIFF), AI and the translation memory. A
 * change that only verified or removed a translation translated nothing, nor did an import from Storyblok.
 */
export async function languageProgress(prisma: Database, spaceId: number, days: number) {
  const [locales, snapshots, words] = await Promise.all([
    prisma.$queryRaw<Array<DayRow & { code: string; name: string }>>`
      SELECT l.id AS space_locale_id, l.code, l.name, to_char(current_date, 'YYYY-MM-DD') AS day,
             s.translatable_keys_count AS keys, l.translated_key_count AS translated, l.verified_key_count AS verified
      FROM space_locales l JOIN spaces s ON s.id = l.space_id
      WHERE l.space_id = ${spaceId}
      ORDER BY l.code`,
    prisma.$queryRaw<DayRow[]>`
      SELECT d.space_locale_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.keys, d.translated, d.verified
      FROM locale_progress_days d JOIN space_locales l ON l.id = d.space_locale_id
      WHERE l.space_id = ${spaceId} AND d.day > current_date - ${days}::int AND d.day < current_date
      ORDER BY d.day`,
    prisma.$queryRaw<WordsRow[]>`
      WITH changes AS (
        SELECT h.space_locale_id, h.created_at, h.origin, h.status, h.value_text, k.word_count,
               lag(h.value_text) OVER (PARTITION BY h.translatable_key_id, h.space_locale_id ORDER BY h.id) AS before
        FROM translation_history h
        JOIN space_locales l ON l.id = h.space_locale_id
        JOIN translatable_keys k ON k.id = h.translatable_key_id
        WHERE l.space_id = ${spaceId} AND h.created_at >= current_date - (${days}::int - 1)
      )
      SELECT space_locale_id, to_char(created_at::date, 'YYYY-MM-DD') AS day,
             coalesce(sum(word_count) FILTER (WHERE origin IN ('manual', 'revert', 'xliff')), 0)::int AS people,
             coalesce(sum(word_count) FILTER (WHERE origin = 'ai'), 0)::int AS ai,
             coalesce(sum(word_count) FILTER (WHERE origin = 'memory'), 0)::int AS memory
      FROM changes
      WHERE status <> 'missing' AND value_text IS DISTINCT FROM before
        AND origin IN ('manual', 'revert', 'xliff', 'ai', 'memory')
      GROUP BY 1, 2
      ORDER BY 2`,
  ]);
  const languages: LanguageProgress[] = locales.map(({ code, name, ...today }) => ({
    space_locale_id: today.space_locale_id,
    code,
    name,
    days: [...snapshots.filter((row) => row.space_locale_id === today.space_locale_id), today].map(dayView),
    words: words
      .filter((row) => row.space_locale_id === today.space_locale_id)
      .map(({ day, people, ai, memory }) => ({ day, people, ai, memory })),
  }));
  return { languages };
}

const dayView = ({ day, keys, translated, verified }: DayRow) => ({ day, keys, translated, verified });

/**
 * The completion of each space the user has joined, per day: translated keys of all its languages over its
 * keys times its languages, from the snapshots, with today as it stands now.
 */
export async function spacesTrend(prisma: Database, userId: string, days: number) {
  const rows = await prisma.$queryRaw<Array<{ space_id: number; day: string; translated: number; total: number }>>`
    WITH mine AS (
      SELECT space_id FROM memberships WHERE user_id = ${userId}::uuid AND status = 'joined'
    )
    SELECT l.space_id, to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.translated)::int AS translated,
           sum(d.keys)::int AS total
    FROM locale_progress_days d JOIN space_locales l ON l.id = d.space_locale_id
    WHERE l.space_id IN (SELECT space_id FROM mine) AND d.day > current_date - ${days}::int AND d.day < current_date
    GROUP BY 1, 2
    UNION ALL
    SELECT l.space_id, to_char(current_date, 'YYYY-MM-DD'), sum(l.translated_key_count)::int,
           sum(s.translatable_keys_count)::int
    FROM space_locales l JOIN spaces s ON s.id = l.space_id
    WHERE l.space_id IN (SELECT space_id FROM mine)
    GROUP BY 1
    ORDER BY 1, 2`;
  const bySpace = new Map<number, Array<{ day: string; completion: number }>>();
  for (const row of rows) {
    const completion = row.total > 0 ? Math.min(100, Math.round((row.translated / row.total) * 1000) / 10) : 0;
    const series = bySpace.get(row.space_id) ?? [];
    series.push({ day: row.day, completion });
    bySpace.set(row.space_id, series);
  }
  return { spaces: [...bySpace].map(([space_id, series]) => ({ space_id, days: series })) };
}
