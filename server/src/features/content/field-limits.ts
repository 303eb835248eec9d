import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * The components' own length limits (a text field's "max_length"), as their schemas say now, by
 * "<component>\0<field>": what the `too_long` check holds a translation to. `components`: an SQL subquery or
 * list of the component names wanted.
 */
export async function fieldLengthLimits(
  prisma: Database,
  spaceId: number,
  components: Prisma.Sql,
): Promise<Map<string, number>> {
  const limits = await prisma.$queryRaw<Array<{ component: string; field: string; max_length: number }>>`
    SELECT c.name AS component, f.key AS field, (f.value->>'max_length')::int AS max_length
    FROM storyblok_components c, jsonb_each(c.schema) f
    WHERE c.space_id = ${spaceId} AND c.name IN (${components})
      AND jsonb_typeof(f.value) = 'object' AND (f.value->>'max_length') ~ '^[0-9]{1,9}$'`;
  return new Map(limits.map((limit) => [`${limit.component}\0${limit.field}`, limit.max_length]));
}
