import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltFrontEnds } from '#server/http/front-ends.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let server: TestServer;
let dist: string;

function writeFile(relative: string, content: string) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'polyblok-dist-'));
  writeFile('app/index.html', '<!doctype html><title>web app</title>');
  writeFile('app/assets/index-abc123.js', 'console.log("app")');
  writeFile('extension/index.html', '<!doctype html><title>tool panel</title>');
  writeFile('extension/assets/panel-def456.js', 'console.log("panel")');
  writeFile('plugin/index.js', 'console.log("plugin")');
  server = await startTestServer({
    env: { STORYBLOK_APP_ORIGINS: 'https://app.storyblok.com, https://app.example.test/' },
    mountFrontEnds: (app) => serveBuiltFrontEnds(app, dist),
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (pathname: string) => fetch(`${server.baseUrl}${pathname}`, { headers: { accept: 'text/html,*/*' } });

describe('web app', () => {
  it.each(['/', '/spaces/12/content?locale=de', '/login'])(
    'answers %s with the app page (history fallback)',
    async (pathname) => {
      const response = await page(pathname);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>web app</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and keeps missing assets a 404', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${server.baseUrl}/assets/gone.js`, { headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
  });

  it('never answers an /api path with the app page', async () => {
    const response = await page('/api/unknown');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('route_not_found');
  });

  it('may not be framed by anyone', async () => {
    const response = await page('/spaces/1/languages');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const api = await fetch(`${server.baseUrl}/api/health`);
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('tool panel', () => {
  it.each(['/extension/', '/extension/story/42'])('answers %s with the panel page', async (pathname) => {
    const response = await page(pathname);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>tool panel</title>');
  });

  it('may be framed by the Storyblok origins only, without X-Frame-Options', async () => {
    const response = await page('/extension/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors https://app.storyblok.com https://app.example.test;');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const asset = await fetch(`${server.baseUrl}/extension/assets/panel-def456.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-frame-options')).toBeNull();
  });
});

describe('field plugin bundle', () => {
  it('is served for a local container page', async () => {
    const response = await fetch(`${server.baseUrl}/plugin/index.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('plugin');
  });
});
