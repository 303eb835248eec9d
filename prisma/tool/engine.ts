import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';
import type { Driver } from '#server/db/driver.ts';
import { installPanicRegistry, toReadableError } from './engine-errors.ts';

export type { SchemaEngine };

/** One line of the engine's structured log, reduced to what a person reads. */
export interface EngineLogEntry {
  level: string;
  message: string;
}

export interface EngineOptions {
  /** Receives the engine's log lines; they are dropped when absent. */
  onLog?: (entry: EngineLogEntry) => void;
}

const PACKAGE = '@prisma/schema-engine-wasm';

let loading: Promise<typeof bindings> | undefined;

/**
 * Instantiates the engine's WebAssembly once per process. The package's own entry imports the .wasm as an
 * ES module, which Node 20 refuses, so the glue module is fed the instance by hand.
 */
export function loadSchemaEngine(): Promise<typeof bindings> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(): Promise<typeof bindings> {
  installPanicRegistry();
  const require = createRequire(import.meta.url);
  const glue = require.resolve(`${PACKAGE}/schema_engine_bg`);
  const bytes = await readFile(path.join(path.dirname(glue), 'schema_engine_bg.wasm'));
  const imports: WebAssembly.ModuleImports = { ...(bindings as unknown as WebAssembly.ModuleImports) };
  // The engine races its advisory lock against a 10 s timer it never clears; a ref'd timer would keep
  // every CLI run alive for those 10 s after its work is done.
  for (const name of Object.keys(imports).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  }
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': imports });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports['__wbindgen_start'] as () => void)();
  return bindings;
}

/**
 * Opens a schema engine on the driver's database, hands it to `use`, and frees it afterwards.
 * Errors from the engine come out as SchemaEngineErrors whose message is what a person needs to read.
 */
export async function withSchemaEngine<T>(
  driver: Driver,
  use: (engine: SchemaEngine) => Promise<T>,
  options: EngineOptions = {},
): Promise<T> {
  const { SchemaEngine } = await loadSchemaEngine();
  const connection = engineConnection(driver);
  const factory = bindMigrationAwareSqlAdapterFactory(connection.factory);
  const onLog = options.onLog;
  const log = (line: string) => {
    if (onLog) onLog(parseLogLine(line));
  };
  try {
    const engine = await SchemaEngine.new({ datamodels: undefined }, log, factory);
    try {
      return await use(engine);
    } finally {
      freeQuietly(engine);
    }
  } catch (error) {
    throw toReadableError(error, factory.errorRegistry);
  } finally {
    await connection.close();
  }
}

/** After a panic the engine may still count as borrowed and refuse to be freed; the panic is the news. */
function freeQuietly(engine: SchemaEngine): void {
  try {
    engine.free();
  } catch {
    // The instance leaks; the process goes on.
  }
}

interface EngineConnection {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

/**
 * On PostgreSQL the engine gets a one-connection pool of its own: it takes a session advisory lock
 * (pg_advisory_lock) and never unlocks, relying on its connection closing. Over the server's shared pool
 * the lock would stay with an idle connection and block every other process that migrates.
 */
function engineConnection(driver: Driver): EngineConnection {
  const { pglite, pool } = driver;
  if (pglite) {
    return {
      factory: withWholeScripts(driver.adapterFactory, async (script) => {
        await pglite.exec(script).catch(rethrowAsAdapterError);
      }),
      close: async () => undefined,
    };
  }
  if (pool) {
    // A migration may run long (an index on a large table) and waits for another process's migration lock:
    // none of the server's statement timeouts apply to it.
    const own = new pg.Pool({ ...pool.options, max: 1, statement_timeout: undefined, query_timeout: undefined });
    own.on('error', () => undefined);
    return {
      factory: withWholeScripts(new PrismaPg(own), async (script) => {
        // Without parameters pg uses the simple query protocol, which accepts many statements at once.
        await own.query(script).catch(rethrowAsAdapterError);
      }),
      close: () => own.end(),
    };
  }
  throw new Error('the driver has neither a PGlite instance nor a PostgreSQL pool');
}

/**
 * The adapters' own executeScript is unfit for migrations: pglite-prisma-adapter 0.7.2 does not await the
 * script (a failing migration is recorded as applied and its error escapes as an unhandled rejection), and
 * @prisma/adapter-pg splits the script on every ";" and runs the pieces one by one outside a transaction.
 * Sending the whole script as one simple query is what Prisma Migrate does: PostgreSQL runs it in an implicit
 * transaction, so a failed migration leaves no half-applied schema behind.
 */
function withWholeScripts(
  base: SqlMigrationAwareDriverAdapterFactory,
  runScript: (script: string) => Promise<void>,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => {
      const adapter = await base.connect();
      adapter.executeScript = runScript;
      return adapter;
    },
    connectToShadowDb: () => base.connectToShadowDb(),
  };
}

type PostgresErrorFields = Record<'message' | 'code' | 'severity', string> &
  Partial<Record<'detail' | 'column' | 'hint', string>>;

function isPostgresError(error: unknown): error is PostgresErrorFields {
  const fields = error as Partial<Record<'code' | 'severity', unknown>>;
  return error instanceof Error && typeof fields.code === 'string' && typeof fields.severity === 'string';
}

/** Database errors go to the engine in the shape the official adapters use, so it reports code and message. */
function rethrowAsAdapterError(error: unknown): never {
  if (!isPostgresError(error)) throw error;
  throw new DriverAdapterError({
    kind: 'postgres',
    code: error.code,
    severity: error.severity,
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}

function parseLogLine(line: string): EngineLogEntry {
  try {
    const parsed = JSON.parse(line) as { level?: unknown; fields?: { message?: unknown } };
    return {
      level: typeof parsed.level === 'string' ? parsed.level : 'INFO',
      message: typeof parsed.fields?.message === 'string' ? parsed.fields.message : line.trim(),
    };
  } catch {
    return { level: 'INFO', message: line.trim() };
  }
}
