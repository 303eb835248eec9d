import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { builtFrontEndMarkers, compiledServerEntry, projectRoot } from '../paths.ts';

/** What the front-end bundles are made from: a change to any of these makes the build stale. */
const sourceRoots = ['app', 'extension', 'plugin', 'server/contract', 'package-lock.json'];
/** What the compiled server is made from (the migrations are read from prisma/migrations, not compiled). */
const serverSourceRoots = ['server/src', 'server/contract', 'prisma/tool', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function staleness(markers: string[], roots: string[], what: string): string | null {
  const builtAt = Math.min(...markers.map((marker) => newestMtime(marker)));
  if (builtAt === 0) return `${what} not built yet`;
  const sourcesAt = Math.max(...roots.map((root) => newestMtime(path.join(projectRoot, root))));
  return sourcesAt > builtAt ? 'their sources changed since the last build' : null;
}

/** Why the front ends need building, or null when the build is there and newer than its sources. */
export function frontEndBuildReason(): string | null {
  return staleness(builtFrontEndMarkers, sourceRoots, 'the front ends are');
}

/** Why the server needs compiling, or null when dist/server is there and newer than its sources. */
export function serverBuildReason(): string | null {
  return staleness([compiledServerEntry], serverSourceRoots, 'the server is');
}

/** Builds the web app, tool panel and field plugin when needed; throws when the build fails. */
export function ensureFrontEndsBuilt(log: (line: string) => void): void {
  const reason = frontEndBuildReason();
  if (!reason) return;
  log(`Building the front ends (${reason})...`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the front ends failed (see the output above).');
}

/** Compiles the server when needed (the full build above does it too); throws when compiling fails. */
export function ensureServerCompiled(log: (line: string) => void): void {
  const reason = serverBuildReason();
  if (!reason) return;
  log(`Compiling the server (${reason})...`);
  const result = spawnSync('npm', ['run', 'build:server', '--silent'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Compiling the server failed (see the output above).');
}
