import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '#server/boot/precompress.ts';
import { serveBuiltFrontEnds } from '#server/http/front-ends.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const TEASERS = 1_000;
const BROWSER = 'gzip, deflate, br, zstd';

let storyblok: FakeStoryblok;
let server: TestServer;
let dist: string;
let storyPath: string;
let accessToken: string;

interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire. */
  wire: Buffer;
  /** The body once its Content-Encoding is undone. */
  body: string;
}

/** A GET that sees the bytes on the wire (fetch would decompress them out of sight). */
function get(pathname: string, headers: Record<string, string>): Promise<WireAnswer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path: pathname, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = incoming.headers['content-encoding'];
        const plain = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, wire, body: plain.toString('utf8') });
      });
    })
      .on('error', reject)
      .end();
  });
}

function writeDist(relative: string, content: string) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Text long enough to be worth compressing, different on every line. */
const script = (name: string) =>
  Array.from({ length: 400 }, (_, line) => `console.log(${JSON.stringify(`${name} line ${line}`)});`).join('\n');

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'polyblok-compressed-'));
  writeDist('app/index.html', `<!doctype html><title>web app</title><script>${script('inline')}</script>`);
  writeDist('app/assets/index-abc123.js', script('app'));
  writeDist('app/assets/index-abc123.css', `${'.rule { color: red; }\n'.repeat(200)}`);
  writeDist('extension/index.html', '<!doctype html><title>tool panel</title>');
  writeDist('extension/assets/panel-def456.js', script('panel'));
  writeDist('plugin/index.js', script('plugin'));
  precompressAssets(dist);

  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  const home = storyblok.getStory(basicFixture.spaceId, basicFixture.stories.home).content as Record<string, unknown>;
  const body = Array.from({ length: TEASERS }, (_, index) => ({
    _uid: `teaser-${index}`,
    component: 'teaser',
    headline: `Teaser number ${index}, with a headline of the usual length`,
  }));
  storyblok.editStory(basicFixture.spaceId, basicFixture.stories.home, { content: { ...home, body } });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl },
    mountFrontEnds: (app) => serveBuiltFrontEnds(app, dist),
  });
  const space = await connectBasicSpace(server, 'compression');
  accessToken = space.accessToken;
  const story = await server.prisma.storyNode.findFirstOrThrow({
    where: { spaceId: space.spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    select: { id: true },
  });
  storyPath = `/api/content/story/${story.id}?locale=de`;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('JSON answers', () => {
  it('sends a story of 1,000 keys as brotli to a browser, gzip to a gzip-only client, plain to others', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const plain = await get(storyPath, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body).translatable_keys.length).toBeGreaterThanOrEqual(TEASERS);

    const brotli = await get(storyPath, { ...auth, 'accept-encoding': BROWSER });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.body).toBe(plain.body);
    expect(brotli.wire.length * 4).toBeLessThan(plain.wire.length);

    const gzip = await get(storyPath, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe(plain.body);
    expect(gzip.wire.length * 4).toBeLessThan(plain.wire.length);
  });

  it('leaves answers under 1 KiB as they are', async () => {
    const health = await get('/api/health', { 'accept-encoding': BROWSER });
    expect(health.status).toBe(200);
    expect(health.wire.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('built front ends', () => {
  it.each([
    ['/assets/index-abc123.js', 'app/assets/index-abc123.js', /javascript/],
    ['/assets/index-abc123.css', 'app/assets/index-abc123.css', /text\/css/],
    ['/extension/assets/panel-def456.js', 'extension/assets/panel-def456.js', /javascript/],
  ])('sends %s precompressed, with its type and cached for good', async (url, file, type) => {
    const original = readFileSync(path.join(dist, file));
    for (const [accept, encoding, copy] of [
      [BROWSER, 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const answer = await get(url, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(type);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.wire.equals(readFileSync(path.join(dist, file + copy)))).toBe(true);
      expect(answer.body).toBe(original.toString('utf8'));
    }
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.wire.equals(original)).toBe(true);
  });

  it('compresses the pages and the field plugin as it sends them, and never lets a page be cached', async () => {
    for (const [url, file] of [
      ['/spaces', 'app/index.html'],
      ['/plugin/index.js', 'plugin/index.js'],
    ] as const) {
      const answer = await get(url, { accept: 'text/html,*/*', 'accept-encoding': BROWSER });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toBe(readFileSync(path.join(dist, file), 'utf8'));
    }
  });

  it('keeps a missing asset a 404 whatever the encoding', async () => {
    const missing = await get('/assets/gone-000000.js', { accept: '*/*', 'accept-encoding': BROWSER });
    expect(missing.status).toBe(404);
  });
});
