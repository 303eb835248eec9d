import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '#server/paths.ts';
import { DemoSetupError } from './demo-settings.ts';

export interface PolyblokProcess {
  pid: number;
  /** Resolves with Polyblok's URL once it listens; rejects when it ends or hangs before that. */
  ready: Promise<string>;
  /** Resolves with the exit code (null when ended by a signal) whenever the process ends. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not ended after the grace period; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Polyblok's JSON log lines shortened to level and message, so the demo's terminal stays readable. */
export function readableLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { message?: string };
      method?: string;
      url?: string;
      status?: number;
    };
    const level = levels[entry.level ?? 0] ?? 'log';
    // Request lines say only "request"; what was asked and answered is in their fields.
    const what =
      entry.method && entry.url ? `${entry.method} ${entry.url} answered ${entry.status}` : (entry.msg ?? '');
    return `${level}: ${what}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
  } catch {
    return line;
  }
}

const preload = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));

/**
 * Runs `node --import tsx server/src/main.ts` (the server from its sources, as `npm run dev` runs it). The handle comes back at once, so the
 * caller can stop a Polyblok that is still starting.
 */
export function spawnPolyblok(options: {
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Longer than a first start on an empty database, which applies every migration. */
  startTimeoutMs?: number;
  /** Polyblok's own shutdown budget (SHUTDOWN_TIMEOUT_SECONDS, 25 s) plus a margin. */
  stopTimeoutMs?: number;
}): PolyblokProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'server/src/main.ts'], {
    cwd: projectRoot,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new DemoSetupError(`Polyblok did not start within ${timeoutMs / 1000} s; see its output above.`));
    }, timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new DemoSetupError(`Polyblok stopped before it was ready (exit code ${code}); see its output above.`));
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        const match = /Polyblok listening on (http:\/\/\S+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
        options.log(readableLine(line));
      });
    }
  });
  // Nobody may be waiting on `ready` when Polyblok ends after it listened.
  ready.catch(() => undefined);

  const stopTimeoutMs = options.stopTimeoutMs ?? 35_000;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  return { pid: child.pid!, ready, exited, stop };
}
