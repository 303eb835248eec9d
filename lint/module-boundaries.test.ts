import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const configUrl = new URL('../eslint.config.js', import.meta.url).href;
const eslint = new ESLint({ cwd: repoRoot });

/** What `npm run lint` says about this import, were it written into that file. */
async function boundaryProblems(file: string, importLine: string): Promise<string[]> {
  const code = `${importLine}\nexport const used = [imported];\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'polyblok/module-boundaries').map((m) => m.message);
}

// The first lint loads ESLint, its plugins and the TypeScript resolver: seconds on a busy machine.
describe('the module boundaries lint rule', { timeout: 60_000 }, () => {
  it('refuses a feature reaching past another feature’s front door', async () => {
    const problems = await boundaryProblems(
      'server/src/features/spaces/probe.ts',
      "import { startSync as imported } from '../sync/sync.service.ts';",
    );
    expect(problems).toEqual([
      'Use sync through its front door, server/src/features/sync/index.ts, not server/src/features/sync/sync.service.ts.',
    ]);
  });

  it('refuses a use upwards, which would close a circle of features', async () => {
    const problems = await boundaryProblems(
      'server/src/features/sync/probe.ts',
      "import { spacesRoutes as imported } from '../spaces/index.ts';",
    );
    expect(problems).toEqual([expect.stringContaining('sync may not use spaces')]);
  });

  it('refuses a use between two modules of one layer', async () => {
    const problems = await boundaryProblems(
      'server/src/features/webhooks/probe.ts',
      "import { aiRoutes as imported } from '#server/features/ai/index.ts';",
    );
    expect(problems).toEqual([expect.stringContaining('webhooks may not use ai')]);
  });

  it('keeps the Storyblok adapter inside the one door to Storyblok', async () => {
    const problems = await boundaryProblems(
      'server/src/features/write-back/probe.ts',
      "import { createStoryblokAdapter as imported } from '../../storyblok-access/storyblok-adapter.ts';",
    );
    expect(problems).toEqual([expect.stringContaining('Use storyblok-access through its front door')]);
    expect(
      await boundaryProblems(
        'server/src/app.ts',
        "import { toFailure as imported } from './storyblok-access/failures.ts';",
      ),
    ).toEqual([expect.stringContaining('Use storyblok-access through its front door')]);
  });

  it('lets a module use the front door of a lower layer, and a module its own files', async () => {
    expect(
      await boundaryProblems(
        'server/src/features/spaces/probe.ts',
        "import { startSync as imported } from '../sync/index.ts';",
      ),
    ).toEqual([]);
    expect(
      await boundaryProblems(
        'server/src/features/sync/probe.ts',
        "import { runSpaceSync as imported } from './run-space-sync.ts';",
      ),
    ).toEqual([]);
  });

  it('leaves tests free to reach inside what they test', async () => {
    expect(
      await boundaryProblems(
        'tests/integration/probe.test.ts',
        "import { runSpaceSync as imported } from '#server/features/sync/run-space-sync.ts';",
      ),
    ).toEqual([]);
  });

  it('places every feature of the server in exactly one layer', async () => {
    const { serverModuleLayers } = (await import(configUrl)) as { serverModuleLayers: string[][] };
    const features = readdirSync(path.join(repoRoot, 'server/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const placed = serverModuleLayers.flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...features, 'storyblok-access'].sort());
  });
});
