import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ContainerConfig, ContainerRecord } from './field-plugin-container-config.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const harnessDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The container page and the plugin are served on origins of their own, routed inside the browser,
 * like app.storyblok.com and Storyblok's plugin host: cross-origin, so the plugin's origin check is real.
 */
export const CONTAINER_ORIGIN = 'http://visual-editor.polyblok.test';
export const PLUGIN_ORIGIN = 'http://field-plugins.polyblok.test';
export const CONTAINER_URL = `${CONTAINER_ORIGIN}/field-plugin-container.html`;
export const PLUGIN_URL = `${PLUGIN_ORIGIN}/polyblok-seo/`;

export interface PluginBuild {
  bundle: string;
  remove: () => Promise<void>;
}

/** Builds the plugin into a temporary folder for the container's origin; dist/ is left alone. */
export async function buildPluginForContainer(): Promise<PluginBuild> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'polyblok-seo-plugin-'));
  const output: string[] = [];
  const status = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'plugin/vite.config.ts',
        '--outDir',
        outDir,
        '--logLevel',
        'warn',
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, FIELD_PLUGIN_CONTAINER_ORIGIN: CONTAINER_ORIGIN },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const remove = () => rm(outDir, { recursive: true, force: true });
  if (status !== 0) {
    await remove();
    throw new Error(`building the plugin for the test container failed:\n${output.join('')}`);
  }
  return { bundle: path.join(outDir, 'index.js'), remove };
}

/** An SVG standing in for a Storyblok asset: the file name written on a coloured card. */
function assetImage(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'asset');
  const hue = Array.from(name).reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="hsl(${hue} 55% 45%)"/>
<text x="600" y="335" font-family="Arial" font-size="64" fill="#fff" text-anchor="middle">${name}</text></svg>`;
}

/** Serves the container page, its script, the plugin page and bundle, and Storyblok's asset host. */
export async function routeFieldPluginHosts(page: Page, build: PluginBuild): Promise<void> {
  const [containerHtml, containerTs, bundle] = await Promise.all([
    readFile(path.join(harnessDir, 'field-plugin-container.html'), 'utf8'),
    readFile(path.join(harnessDir, 'field-plugin-container.ts'), 'utf8'),
    readFile(build.bundle, 'utf8'),
  ]);
  const containerJs = ts.transpileModule(containerTs, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;

  await page.route(`${CONTAINER_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/field-plugin-container.html') {
      return route.fulfill({ contentType: 'text/html', body: containerHtml });
    }
    if (pathname === '/field-plugin-container.js') {
      return route.fulfill({ contentType: 'text/javascript', body: containerJs });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.route(`${PLUGIN_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/polyblok-seo/') {
      // The page Storyblok loads a deployed field plugin into: an #app element and the one bundle.
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SEO</title></head>
<body><div id="app"></div><script src="/polyblok-seo/index.js"></script></body></html>`;
      return route.fulfill({ contentType: 'text/html', body: html });
    }
    if (pathname === '/polyblok-seo/index.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.route('https://a.storyblok.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: assetImage(route.request().url()) }),
  );
}

/** Opens the container page and starts the plugin field in it. */
export async function openContainer(page: Page, config: Omit<ContainerConfig, 'pluginUrl'>): Promise<void> {
  await page.goto(CONTAINER_URL);
  await page.evaluate((full) => window.startFieldPluginContainer(full), { ...config, pluginUrl: PLUGIN_URL });
}

export function containerRecord(page: Page): Promise<ContainerRecord> {
  return page.evaluate(() => window.fieldPluginContainer);
}

/** The frame of the plugin, for locators. */
export function pluginFrame(page: Page) {
  return page.frameLocator('iframe[title="SEO field plugin"]');
}
