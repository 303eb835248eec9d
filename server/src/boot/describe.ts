import type { DatabaseTarget } from '../db/driver.ts';

/** Where the data lives, for the start-up line; a PostgreSQL password never appears in it. */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.kind === 'pglite') {
    return target.dataDir === null
      ? 'embedded database in memory (data is lost on exit)'
      : `embedded database in ${target.dataDir}`;
  }
  const url = new URL(target.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
