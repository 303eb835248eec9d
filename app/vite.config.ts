import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH } from '#contract/routes.ts';
import { defineConfig, type Plugin } from 'vite';
import { polyblokPageShell } from './build/page-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Mantine's ScrollArea (inside every Modal, so in the first route) imports one hook from @floating-ui/react.
 * Once any lazy screen uses a Tooltip, Menu or Select, Rollup then hoists all of floating-ui into the entry
 * chunk (about 15 KiB gzip). Pointing only ScrollArea's import at an equivalent hook keeps floating-ui in the
 * lazy screens that really use it.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = fileURLToPath(new URL('./build/merge-refs.ts', import.meta.url));
  return {
    name: 'polyblok:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && /[\\/]ScrollArea[\\/]/.test(importer)) return shim;
      return null;
    },
  };
}

// The Polyblok server serves dist/app at / in production and embeds Vite in development; the proxy
// only matters when this config is run with `vite` on its own.
export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  plugins: [scrollAreaWithoutFloatingUi(), react(), polyblokPageShell()],
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { [API_BASE_PATH]: process.env.POLYBLOK_API_URL ?? 'http://localhost:3000' },
  },
});
