import { builtinModules } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { compiledServerEntry, projectRoot } from '../paths.ts';

/** Where `npm start` and the container find the compiled server. */
export const compiledServerDir = path.dirname(compiledServerEntry);

/**
 * Compiles the server and the migration command to JavaScript in dist/server, so production runs plain
 * `node` without compiling TypeScript at every start. Our own code, the `#contract/*`-style aliases and the
 * generated Prisma client are bundled; packages stay imports resolved from node_modules. Every file lands
 * in dist/server itself: paths.ts finds the project root two folders above the file that runs.
 */
export async function compileServer(): Promise<void> {
  rmSync(compiledServerDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: ['server/src/main.ts', 'prisma/tool/migrate-cli.ts'],
    outdir: compiledServerDir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    // Splitting keeps the development-only Vite middleware in a file of its own that production never loads.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  assertProductionImports(result.metafile);
}

/**
 * The container installs production dependencies only: a package the server imports from devDependencies
 * would make it fail at start, far from here. The Vite middleware of `--dev` is the one exception.
 */
function assertProductionImports(metafile: Metafile): void {
  const manifest = JSON.parse(readFileSync(`${projectRoot}package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const builtins = new Set(builtinModules);
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    if (Object.keys(output.inputs).some((input) => input.endsWith('dev-front-ends.ts'))) continue;
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtins.has(imported.path)) continue;
      const name = packageName(imported.path);
      if (!(name in manifest.dependencies)) missing.add(name);
    }
  }
  if (missing.size > 0) {
    throw new Error(`The server imports packages that are not production dependencies: ${[...missing].join(', ')}`);
  }
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
