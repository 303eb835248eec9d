import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace, type ConnectedSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/**
 * The script of the README's "Scripts and CI", run as it is written with an API token, against the server and
 * the local Storyblok: if the README's requests stop working, this fails.
 */

const run = promisify(execFile);
let storyblok: FakeStoryblok;
let server: TestServer;
let owner: ConnectedSpace;
let folder: string;

/** The first shell block of the README's "Scripts and CI" section. */
function readmeScript(): string {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const section = readme.split('\n## Scripts and CI\n')[1]?.split('\n## ')[0];
  const script = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!script) throw new Error('README.md has no shell block under "## Scripts and CI"');
  return script;
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  owner = await connectBasicSpace(server, 'readme-script');
  folder = mkdtempSync(path.join(tmpdir(), 'polyblok-readme-script-'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the README’s script for CI', () => {
  it('starts a sync and downloads a language as XLIFF with an API token', async () => {
    const german = (await owner.api.call('getMe', {})).spaces[0]!.space_locales.find((locale) => locale.code === 'de')!;
    const { secret } = await owner.api.call('createApiToken', {
      body: { name: 'CI', space_ids: [owner.spaceId], role: 'editor' },
    });
    const syncsBefore = await server.prisma.syncRun.count({ where: { spaceId: owner.spaceId, trigger: 'manual' } });
    storyblok.clearRequests();

    await run('sh', ['-c', readmeScript()], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        POLYBLOK: server.baseUrl,
        TOKEN: secret,
        SPACE: String(owner.spaceId),
        LANGUAGE: String(german.id),
      },
      timeout: 60_000,
    });

    const syncs = await server.prisma.syncRun.findMany({
      where: { spaceId: owner.spaceId, trigger: 'manual' },
      select: { status: true },
    });
    expect(syncs.length).toBe(syncsBefore + 1);
    expect(syncs.map((sync) => sync.status)).toContain('completed');
    expect(storyblok.requests().some((request) => request.path.includes('/stories'))).toBe(true);

    const file = path.join(folder, `language-${german.id}.xliff`);
    expect(existsSync(file)).toBe(true);
    const xliff = readFileSync(file, 'utf8');
    expect(xliff).toMatch(
      /<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">/,
    );
    expect(xliff).toContain('original="home"');
  }, 90_000);

  it('stops with an error when the token is refused, leaving no file behind', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'polyblok-readme-refused-'));
    const refused = run('sh', ['-c', readmeScript()], {
      cwd: elsewhere,
      env: {
        PATH: process.env.PATH,
        POLYBLOK: server.baseUrl,
        TOKEN: 'pbk_revoked-or-unknown',
        SPACE: String(owner.spaceId),
        LANGUAGE: '1',
      },
      timeout: 30_000,
    });
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringContaining('401') });
    expect(readdirSync(elsewhere)).toEqual([]);
    rmSync(elsewhere, { recursive: true, force: true });
  });
});
