import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { DemoSetupError } from './demo-settings.ts';

/** Polyblok's embedded database folder inside the demo's data folder. */
export const databaseDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The pid of a live process holding the demo's database (the lock file Polyblok's driver writes), or null.
 * Checked before anything starts or is deleted: a second demo would otherwise fail late, or --reset would
 * pull the database from under the running one.
 */
export function demoDatabaseOwner(dataDir: string): number | null {
  const lockFile = `${databaseDirOf(dataDir)}.lock`;
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export function assertDemoNotRunning(dataDir: string): void {
  const owner = demoDatabaseOwner(dataDir);
  if (owner === null) return;
  throw new DemoSetupError(
    `A demo is already running on ${dataDir} (its Polyblok is process ${owner}). ` +
      'Stop it with Ctrl+C in its terminal first, or give this one another DEMO_DATA_DIR.',
  );
}

/** Listens on the port as Polyblok will (every interface unless HOST is set) and lets go at once. */
function canListen(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Polyblok's port is checked before the content is generated and the local Storyblok started, so a taken
 * port is said plainly in the first second rather than after the build.
 */
export async function assertPolyblokPortFree(port: number, host: string | undefined): Promise<void> {
  if (port === 0 || (await canListen(port, host))) return;
  throw new DemoSetupError(
    `Port ${port} is already in use (another Polyblok, npm start or npm run dev?). ` +
      `Stop what uses it, or run the demo on another port: PORT=${port === 3000 ? 3001 : port + 1} npm run demo`,
  );
}
