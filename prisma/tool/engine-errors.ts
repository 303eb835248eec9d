import type { ErrorRegistry } from '@prisma/driver-adapter-utils';

interface PanicRegistry {
  message: string;
  set_message(message: string): void;
}

/** The glue reports a Rust panic through this global, as Prisma's CLI and client define it. */
export function installPanicRegistry(): PanicRegistry {
  const scope = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
  scope.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: '',
    set_message(message: string) {
      this.message = message;
    },
  };
  return scope.PRISMA_WASM_PANIC_REGISTRY;
}

/** Reads and clears the message of the last panic, if one happened since the last call. */
function takePanicMessage(): string | undefined {
  const registry = installPanicRegistry();
  const message = registry.message;
  registry.message = '';
  return message === '' ? undefined : message;
}

/** An engine failure with Prisma's error code (P3018, P1012...) and the migration it concerns, when known. */
export class SchemaEngineError extends Error {
  readonly code: string | undefined;
  readonly migrationName: string | undefined;

  constructor(message: string, details: { code?: string; migrationName?: string; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.name = 'SchemaEngineError';
    this.code = details.code;
    this.migrationName = details.migrationName;
  }
}

/**
 * The engine's errors carry a Rust span trace after the message, and a JavaScript error raised inside the
 * adapter reaches the engine only as an id in the error registry.
 */
export function toReadableError(error: unknown, registry?: ErrorRegistry): SchemaEngineError {
  if (error instanceof SchemaEngineError) return error;
  const panic = takePanicMessage();
  if (panic !== undefined) {
    const message = `the schema engine crashed: ${panic.replace(/^RuntimeError: /, '')}`;
    return new SchemaEngineError(message, { cause: error });
  }
  const raw = error instanceof Error ? error.message : String(error);
  const migrationName = /migration_name="([^"]+)"/.exec(raw)?.[1];
  const jsError = registry ? findRegisteredError(raw, registry) : undefined;
  let message = stripSpanTrace(raw);
  if (jsError !== undefined) {
    const jsMessage = jsError instanceof Error ? jsError.message : String(jsError);
    message = message.replace(EXTERNAL_ERROR, jsMessage);
  }
  return new SchemaEngineError(message.trim() || 'the schema engine failed without a message', {
    code: readCode(error),
    migrationName,
    cause: jsError ?? error,
  });
}

function stripSpanTrace(message: string): string {
  const lines = message.split('\n');
  const traceStart = lines.findIndex((line) => /^\s+\d+: \S/.test(line));
  const kept = traceStart === -1 ? lines : lines.slice(0, traceStart);
  // The generic wrapper line says nothing once the database's own message follows it.
  if (kept.length > 1 && kept[0] === 'external connector error') kept.shift();
  return kept.join('\n');
}

function readCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** How the engine words an error it only knows by its id in the adapter's error registry. */
const EXTERNAL_ERROR = /External error id#(\d+)/;

function findRegisteredError(raw: string, registry: ErrorRegistry): unknown {
  const id = EXTERNAL_ERROR.exec(raw)?.[1];
  return id === undefined ? undefined : registry.consumeError(Number(id))?.error;
}
