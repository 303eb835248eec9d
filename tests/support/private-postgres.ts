import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's postgresql-15 package puts the server programs; POSTGRES_BIN_DIR names another folder. */
const DEFAULT_BIN_DIR = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of a test's own, in a folder of its own on a free port, which the test may stop and start
 * again: what a shared server (TEST_DATABASE_URL) must never be put through.
 */
export interface PrivatePostgres {
  /** The `postgres` database of this server, as a superuser with no password. */
  url: string;
  port: number;
  isRunning(): boolean;
  start(): Promise<void>;
  /** `fast` ends every session and shuts down cleanly; `immediate` aborts every process at once, as a crash does. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Makes the server stop answering while it keeps its connections open: its processes are paused (SIGSTOP). */
  freeze(): void;
  /** Lets a paused server go on; nothing when it is not paused. */
  thaw(): void;
  /** Stops the server if it runs and removes its folder. */
  dispose(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /** How long each of initdb, start and stop may take. */
  timeoutMs?: number;
}

function binDir(): string {
  const dir = process.env.POSTGRES_BIN_DIR ?? DEFAULT_BIN_DIR;
  for (const program of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(dir, program))) {
      throw new Error(
        `The PostgreSQL server programs are missing (no ${program} in ${dir}). Install them with ` +
          '`apt-get install postgresql-15` (Debian), or set POSTGRES_BIN_DIR to the folder that holds initdb and pg_ctl.',
      );
    }
  }
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user, who owns the folder. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function serverUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Creates a new cluster with initdb in a temporary folder and starts it on a free loopback port. */
export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const timeout = options.timeoutMs ?? 60_000;
  const bin = binDir();
  const root = mkdtempSync(path.join(tmpdir(), 'polyblok-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = serverUserIds();
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  let running = false;
  let frozen = false;

  const pgCtl = async (args: string[]) => {
    const [program, programArgs] = asServerUser(path.join(bin, 'pg_ctl'), args);
    await run(program, programArgs, { timeout });
  };
  // -w waits until the server accepts connections (or has stopped); its output is in server.log.
  const start = async () => {
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c full_page_writes=off`;
    try {
      await pgCtl(['start', '-w', '-D', dataDir, '-l', logFile, '-o', serverOptions]);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2_000) : '(no log)';
      throw new Error(`PostgreSQL did not start on port ${port}: ${(error as Error).message}\n${log}`, {
        cause: error,
      });
    }
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    if (frozen) signalAll('SIGCONT');
    frozen = false;
    await pgCtl(['stop', '-w', '-D', dataDir, '-m', mode]);
    running = false;
  };
  /** The postmaster (first line of its pid file) and every process it started. */
  const signalAll = (signal: 'SIGSTOP' | 'SIGCONT') => {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map(Number);
    } catch {
      // pgrep finds no child: only the postmaster runs.
    }
    // The postmaster first when pausing, so it starts no new process meanwhile.
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  };
  // A test that fails before its cleanup, or a worker that exits, must not leave a server behind.
  const onExit = () => {
    try {
      if (frozen) signalAll('SIGCONT');
      if (running) {
        const [program, args] = asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate']);
        execFileSync(program, args, { stdio: 'ignore', timeout: 10_000 });
      }
    } catch {
      // Nothing more can be done while the process exits.
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  try {
    const [program, args] = asServerUser(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    await run(program, args, { timeout });
    await start();
  } catch (error) {
    onExit();
    process.off('exit', onExit);
    throw error;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    isRunning: () => running,
    start,
    stop,
    freeze() {
      if (!running) throw new Error('The server is not running: start it before pausing it');
      signalAll('SIGSTOP');
      frozen = true;
    },
    thaw() {
      if (!frozen) return;
      signalAll('SIGCONT');
      frozen = false;
    },
    async dispose() {
      process.off('exit', onExit);
      try {
        if (running) await stop('immediate');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
