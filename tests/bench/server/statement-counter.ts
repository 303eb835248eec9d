import pg from 'pg';

/**
 * Counts every SQL statement this process sends to PostgreSQL: Prisma's (through @prisma/adapter-pg) and the job
 * queue's (pg-boss) both go through pg's Client, so BEGIN and COMMIT count too, as PostgreSQL's own log would.
 */
export function countStatements(): { count: () => number; texts: () => string[]; reset: () => void } {
  let texts: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    texts.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  return {
    count: () => texts.length,
    texts: () => texts,
    reset: () => {
      texts = [];
    },
  };
}
