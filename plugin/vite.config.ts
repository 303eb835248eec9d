import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const DEFAULT_CONTAINER_ORIGIN = 'https://app.storyblok.com';

/**
 * The plugin accepts messages only from this origin and posts only to it, so a wrong value breaks the
 * plugin silently inside Storyblok: refuse to build with anything that is not a bare origin.
 */
function containerOrigin(): string {
  const value = process.env.FIELD_PLUGIN_CONTAINER_ORIGIN || DEFAULT_CONTAINER_ORIGIN;
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    throw new Error(
      `FIELD_PLUGIN_CONTAINER_ORIGIN must be an origin such as ${DEFAULT_CONTAINER_ORIGIN}, got "${value}"`,
    );
  }
  if (origin !== value) {
    throw new Error(`FIELD_PLUGIN_CONTAINER_ORIGIN must be a bare origin (no path or trailing slash): "${value}"`);
  }
  return origin;
}

/**
 * Storyblok uploads one file per field plugin, so the extracted stylesheet is moved into the JS
 * bundle and added to the document as a <style> element when the script runs.
 */
function injectCssIntoJs(): Plugin {
  return {
    name: 'polyblok:inject-css-into-js',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const cssFiles = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
      if (cssFiles.length === 0) return;
      const css = cssFiles.map((file) => (file.type === 'asset' ? String(file.source) : '')).join('\n');
      for (const file of cssFiles) delete bundle[file.fileName];
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') throw new Error('inject-css-into-js: no entry chunk to inject the CSS into');
      const injector = `(function(){var s=document.createElement('style');s.setAttribute('data-polyblok-plugin','');s.textContent=${JSON.stringify(css)};document.head.appendChild(s);})();\n`;
      entry.code = injector + entry.code;
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react(), injectCssIntoJs()],
  define: {
    // Library mode leaves process.env alone; React needs it replaced to drop its development build.
    'process.env.NODE_ENV': JSON.stringify('production'),
    'import.meta.env.FIELD_PLUGIN_CONTAINER_ORIGIN': JSON.stringify(containerOrigin()),
  },
  build: {
    outDir: `${repoRoot}dist/plugin`,
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: false,
    lib: {
      entry: `${root}src/main.tsx`,
      formats: ['iife'],
      name: 'PolyblokSeoFieldPlugin',
      fileName: () => 'index.js',
    },
  },
});
