import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/** Where the data lives: an embedded PGlite (on disk, or in memory when dataDir is null) or a PostgreSQL server. */
export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export const DEFAULT_PGLITE_DIR = 'data/pglite';

/**
 * Reads DATABASE_URL: unset means PGlite under data/pglite, `memory://` an in-memory PGlite,
 * a postgres:// or postgresql:// URL a PostgreSQL server. Anything else is refused with a reason.
 */
export function parseDatabaseUrl(value: string | undefined): DatabaseTarget {
  if (value === undefined || value.trim() === '') return { kind: 'pglite', dataDir: DEFAULT_PGLITE_DIR };
  if (value === 'memory://') return { kind: 'pglite', dataDir: null };
  if (value.startsWith('file:')) {
    const dir = value.slice('file:'.length).replace(/^\/\//, '');
    if (dir === '') throw new Error('a file: URL needs a folder, as in file:data/pglite');
    return { kind: 'pglite', dataDir: dir };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('expected postgres://user@host:5432/db, memory:// or file:<folder>');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`unsupported scheme "${url.protocol}"; use postgres://, postgresql://, memory:// or file:<folder>`);
  }
  if (url.hostname === '' || url.pathname.length <= 1) {
    throw new Error('a PostgreSQL URL needs a host and a database name, as in postgres://127.0.0.1:5432/polyblok');
  }
  return { kind: 'postgres', url: value };
}

/** An open connection to the database, with what Prisma, the migration engine and pg-boss each need. */
export interface Driver {
  target: DatabaseTarget;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Set for PGlite: the single in-process connection everything shares. */
  pglite: PGlite | null;
  /** Set for PostgreSQL: the pool Prisma queries through. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/**
 * How long the pool waits on PostgreSQL, so a server that is gone or hangs turns into an error a request can
 * answer (503 database_unavailable) instead of a request that never ends. A connection must be made, or one of
 * the pool's freed, within connectionTimeoutMillis; the server cancels a statement after statement_timeout (our
 * statements are short: large work is done in batches); and a connection that stops answering altogether is
 * given up after query_timeout. The URL may set statement_timeout and query_timeout (milliseconds) itself.
 */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 5_000, statement_timeout: 8_000, query_timeout: 10_000 };

export async function openDriver(target: DatabaseTarget): Promise<Driver> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, ...POOL_TIMEOUTS });
    // A broken idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return {
      target,
      adapterFactory: new PrismaPg(pool),
      pglite: null,
      pool,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (target.dataDir !== null) {
    dataDir = path.resolve(target.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pglite: PGlite;
  try {
    // The content search's migration creates these two; PostgreSQL ships them, PGlite loads them on demand.
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    target,
    adapterFactory: new PrismaPGlite(pglite),
    pglite,
    pool: null,
    close: async () => {
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}

/**
 * PGlite on disk belongs to one process: a second one writing the same folder corrupts it. A lock file
 * with the owner's pid turns that into a clear refusal; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop that process, or set DATABASE_URL to use another database.`,
          { cause: error },
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
