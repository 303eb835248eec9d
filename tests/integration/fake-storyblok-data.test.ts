import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import StoryblokClient from 'storyblok-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateData, toRawData, writeData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'fake-storyblok-'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

async function writeDir(name: string, files: Record<string, unknown>): Promise<string> {
  const dir = path.join(tmp, name);
  for (const [file, value] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

function collect(node: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(node)) node.forEach((n) => collect(n, out));
  else if (node && typeof node === 'object') {
    out.push(node as Json);
    Object.values(node).forEach((v) => collect(v, out));
  }
  return out;
}

describe('the data generator', () => {
  it('is deterministic for a seed and gives realistic content', () => {
    const a = generateData({ stories: 40, seed: 'alpha' });
    expect(generateData({ stories: 40, seed: 'alpha' })).toEqual(a);
    expect(generateData({ stories: 40, seed: 'beta' }).stories).not.toEqual(a.stories);
    expect(a.stories).toHaveLength(40);
    expect(new Set([...a.folders, ...a.stories].map((s) => s.full_slug)).size).toBe(40 + a.folders.length);
    expect(Math.max(...a.folders.map((f) => String(f.full_slug).split('/').length))).toBe(4);

    const nodes = collect(a.stories.map((s) => s.content));
    const types = new Set(nodes.map((n) => n.type).filter(Boolean));
    for (const t of ['paragraph', 'heading', 'bullet_list', 'blockquote', 'hard_break', 'blok', 'text']) {
      expect(types, t).toContain(t);
    }
    const marks = new Set(nodes.flatMap((n) => ((n.marks as Json[] | undefined) ?? []).map((m) => m.type)));
    for (const m of ['bold', 'italic', 'link', 'code', 'strike']) expect(marks, m).toContain(m);
    expect(nodes.some((n) => n.type === 'link' && (n.attrs as Json).target === '_blank')).toBe(true);
    expect(nodes.some((n) => n.plugin === 'seo_metatags' && 'og_image' in n && 'twitter_image' in n)).toBe(true);
    expect(nodes.some((n) => n.component === 'legacy_banner')).toBe(true);
    expect(a.components.some((c) => c.name === 'legacy_banner')).toBe(false);
    const keys = nodes.flatMap((n) => Object.keys(n));
    for (const code of ['de', 'fr', 'pt-br'])
      expect(
        keys.some((k) => k.endsWith(`__i18n__${code}`)),
        code,
      ).toBe(true);
    expect(keys.some((k) => k.startsWith('internal_note__i18n__'))).toBe(false);
  });

  it('writes a data directory that loads back into the server', async () => {
    const data = generateData({ stories: 30, seed: 7 });
    const dir = path.join(tmp, 'generated');
    await writeData(dir, data);
    expect((await readdir(path.join(dir, 'spaces', String(data.spaceId), 'stories'))).length).toBe(
      30 + data.folders.length,
    );
    const fake = await startFakeStoryblok({ dataDir: dir });
    try {
      const mapi = new StoryblokClient({ oauthToken: data.token, endpoint: fake.mapiUrl, rateLimit: 50 });
      const stories = await mapi.getAll(`spaces/${data.spaceId}/stories`, { story_only: true, per_page: 10 });
      expect(stories).toHaveLength(30);
      const space = (await mapi.get(`spaces/${data.spaceId}`)).data.space as Json;
      expect((space.languages as Json[]).map((l) => l.code)).toEqual(['de', 'fr', 'pt-br']);
      const components = (await mapi.get(`spaces/${data.spaceId}/components`)).data.components as Json[];
      const article = components.find((c) => c.name === 'article')?.schema as Record<string, Json>;
      expect(article.content).toMatchObject({ type: 'richtext', translatable: true });
      expect(article.author).toMatchObject({ type: 'text', translatable: false });
      const cdn = new StoryblokClient({ accessToken: data.previewToken, endpoint: fake.cdnClientEndpoint });
      expect(await cdn.getAll('cdn/stories', { version: 'draft', language: 'de', per_page: 25 })).toHaveLength(30);
    } finally {
      await fake.close();
    }
    const inMemory = await startFakeStoryblok({ data: toRawData(data) });
    expect(inMemory.state.storiesOf(data.spaceId)).toHaveLength(30 + data.folders.length);
    await inMemory.close();
  });
});

describe('data loading', () => {
  it('takes real export shapes and fills in what they leave out', async () => {
    const dir = await writeDir('tolerant', {
      'tokens.json': { t1: { spaces: [5] } },
      'spaces/5/space.json': { name: 'Bare' },
      'spaces/5/components.json': { components: [{ name: 'page', schema: { title: { type: 'text' } } }] },
      'spaces/5/stories/a.json': { story: { id: 1, name: 'Folder', slug: 'f', is_folder: true } },
      'spaces/5/stories/b.json': { id: 2, name: 'Child Story', parent_id: 1 },
      'spaces/5/stories/c.json': {
        stories: [
          { id: 3, slug: 'lost', parent_id: 777 },
          { id: 4, name: 'Kept', full_slug: 'x/y', parent_id: 778 },
        ],
      },
    });
    const fake = await startFakeStoryblok({ dataDir: dir });
    try {
      const space = fake.space(5);
      expect(space).toMatchObject({ region: 'eu', languages: [], default_lang_name: null });
      expect(space.first_token).toMatch(/^\w{22}tt$/);
      const child = fake.getStory(5, 2);
      expect(child).toMatchObject({ slug: 'child-story', full_slug: 'f/child-story', published: false, content: {} });
      expect(child.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(fake.getStory(5, 3)).toMatchObject({ full_slug: 'lost', parent_id: 777, name: 'lost' });
      expect(fake.getStory(5, 4)).toMatchObject({ full_slug: 'x/y', parent_id: 778 });
      const res = await fetch(`${fake.mapiUrl}/spaces/5/stories/4`, { headers: { authorization: 't1' } });
      expect(((await res.json()) as { story: Json }).story).toMatchObject({ parent: null, breadcrumbs: [] });
    } finally {
      await fake.close();
    }
  });

  it('fails the start on invalid data, naming the file', async () => {
    const base = { 'tokens.json': { t: [1] }, 'spaces/1/space.json': { space: { id: 1, name: 'S' } } };
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['bad-json', { 'spaces/1/stories/broken.json': '{ "story": ' }, /broken\.json: not valid JSON/],
      ['no-id', { 'spaces/1/stories/noid.json': { story: { name: 'x' } } }, /noid\.json/],
      [
        'dup',
        { 'spaces/1/stories/one.json': { id: 9, name: 'a' }, 'spaces/1/stories/two.json': { id: 9, name: 'b' } },
        /two\.json: story id 9 is also used in .*one\.json/,
      ],
      ['mismatch', { 'spaces/1/space.json': { id: 2, name: 'S' } }, /space\.json: the space id 2 differs/],
      ['tokens', { 'tokens.json': { t: 'all' } }, /tokens\.json/],
      ['components', { 'spaces/1/components.json': [{ schema: {} }] }, /components\.json/],
    ];
    for (const [name, files, message] of cases) {
      const dir = await writeDir(name, { ...base, ...files });
      await expect(startFakeStoryblok({ dataDir: dir }), name).rejects.toThrow(message);
    }
    await expect(startFakeStoryblok({ dataDir: path.join(tmp, 'missing') })).rejects.toThrow(/does not exist/);
  });
});

describe('command lines', () => {
  function run(args: string[], until?: RegExp) {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const matched = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => until?.test(out) && resolve());
      void exited.then(() => (until && !until.test(out) ? reject(new Error(out)) : resolve()));
    });
    return { child, exited, matched, output: () => out };
  }

  it('generates with the generate CLI and serves with the server CLI until SIGTERM', async () => {
    const out = path.join(tmp, 'cli-data');
    const gen = run(['tests/fakes/storyblok/generate-cli.ts', '--stories', '5', '--out', out, '--seed', 'cli']);
    expect(await gen.exited).toBe(0);
    expect(gen.output()).toContain('Wrote 5 stories');

    const server = run(['tests/fakes/storyblok/cli.ts', '--data', fx.dir, '--port', '0'], /Local Storyblok on (\S+)/);
    await server.matched;
    const baseUrl = /Local Storyblok on (\S+)/.exec(server.output())?.[1] ?? '';
    expect(server.output()).toContain('(MAPI /v1, CDN /v2/cdn, OAuth /oauth)');
    const res = await fetch(`${baseUrl}/v1/spaces`, { headers: { authorization: fx.pat } });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const bad = run(['tests/fakes/storyblok/cli.ts', '--data', path.join(tmp, 'nowhere')]);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('does not exist');
  });
});
