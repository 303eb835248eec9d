import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The Polyblok server serves dist/app at / in production and embeds Vite in development; the proxy
// only matters when this config is run with `vite` on its own.
export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': process.env.POLYBLOK_API_URL ?? 'http://localhost:3000' },
  },
});
