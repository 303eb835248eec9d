import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH } from '#contract/routes.ts';
import { defineConfig } from 'vite';
import { polyblokPageShell } from '../app/build/page-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Served by the Polyblok server under /extension/ and loaded by Storyblok as the tool-plugin iframe.
export default defineConfig({
  root,
  base: '/extension/',
  publicDir: false,
  plugins: [react(), polyblokPageShell()],
  build: {
    outDir: `${repoRoot}dist/extension`,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { [API_BASE_PATH]: process.env.POLYBLOK_API_URL ?? 'http://localhost:3000' },
  },
});
