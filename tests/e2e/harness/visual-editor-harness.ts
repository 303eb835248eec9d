import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { VisualEditorConfig, VisualEditorRecord } from './visual-editor-config.ts';

const harnessDir = fileURLToPath(new URL('.', import.meta.url));

/** The Visual Editor stand-in lives on an https origin of its own, routed inside the browser, as app.storyblok.com. */
export const EDITOR_ORIGIN = 'https://app.storyblok.test';
const EDITOR_URL = `${EDITOR_ORIGIN}/visual-editor.html`;

/** Serves the stand-in's page and script at EDITOR_ORIGIN for this page. */
export async function routeVisualEditor(page: Page): Promise<void> {
  const [html, script] = await Promise.all([
    readFile(path.join(harnessDir, 'visual-editor.html'), 'utf8'),
    readFile(path.join(harnessDir, 'visual-editor.ts'), 'utf8'),
  ]);
  const js = ts.transpileModule(script, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  await page.route(`${EDITOR_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/visual-editor.html') return route.fulfill({ contentType: 'text/html', body: html });
    if (pathname === '/visual-editor.js') return route.fulfill({ contentType: 'text/javascript', body: js });
    return route.fulfill({ status: 404, body: 'not found' });
  });
}

export async function openVisualEditor(page: Page, config: VisualEditorConfig): Promise<void> {
  await page.goto(EDITOR_URL);
  await page.evaluate((value) => window.startVisualEditor(value), config);
}

export function editorRecord(page: Page): Promise<VisualEditorRecord> {
  return page.evaluate(() => window.visualEditor);
}

/** The panel's frame, for locators. */
export function panelFrame(page: Page) {
  return page.frameLocator('iframe[title="Polyblok"]');
}
