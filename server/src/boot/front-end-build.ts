import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { builtFrontEndMarkers, projectRoot } from '../paths.ts';

/** What the front-end bundles are made from: a change to any of these makes the build stale. */
const sourceRoots = ['app', 'extension', 'plugin', 'server/contract', 'package-lock.json'];

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

/** Why the front ends need building, or null when the build is there and newer than its sources. */
export function frontEndBuildReason(): string | null {
  const builtAt = Math.min(...builtFrontEndMarkers.map((marker) => newestMtime(marker)));
  if (builtAt === 0) return 'the front ends are not built yet';
  const sourcesAt = Math.max(...sourceRoots.map((root) => newestMtime(path.join(projectRoot, root))));
  return sourcesAt > builtAt ? 'their sources changed since the last build' : null;
}

/** Builds the web app, tool panel and field plugin when needed; throws when the build fails. */
export function ensureFrontEndsBuilt(log: (line: string) => void): void {
  const reason = frontEndBuildReason();
  if (!reason) return;
  log(`Building the front ends (${reason})...`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the front ends failed (see the output above).');
}
