import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import { servePrecompressed } from './precompressed.ts';
import { PANEL_PREFIX } from './security-headers.ts';

/** Paths that belong to the server; the web app's history fallback never answers them. */
const serverPrefixes = ['/api/', '/auth/', '/dev/'];

/**
 * Serves the built web app at / (any other GET that wants HTML gets index.html, so client routes survive a
 * reload), the tool panel at /extension/ and the field plugin bundle at /plugin/.
 */
export function serveBuiltFrontEnds(app: Express, distDir: string): void {
  app.use(`${PANEL_PREFIX}/`, staticFiles(path.join(distDir, 'extension')));
  app.get(/^\/extension(\/.*)?$/, htmlFallback(path.join(distDir, 'extension', 'index.html')));
  app.use('/plugin/', staticFiles(path.join(distDir, 'plugin')));
  app.use(staticFiles(path.join(distDir, 'app')));
  app.get(/.*/, htmlFallback(path.join(distDir, 'app', 'index.html')));
}

/** Vite names built assets by content hash: they never change, so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function staticFiles(folder: string): Router {
  const router = express.Router();
  router.use('/assets', servePrecompressed(path.join(folder, 'assets'), { 'Cache-Control': IMMUTABLE }));
  router.use(
    express.static(folder, {
      index: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    }),
  );
  return router;
}

function wantsHtml(req: Request): boolean {
  if (serverPrefixes.some((prefix) => req.path.startsWith(prefix) || req.path === prefix.slice(0, -1))) return false;
  // Browsers ask for pages with text/html; a missing script or image must stay a 404, not become the app.
  return (req.headers.accept ?? '').includes('text/html');
}

function htmlFallback(indexFile: string): RequestHandler {
  return (req, res, next) => {
    if (!wantsHtml(req)) {
      next();
      return;
    }
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The front ends are not built yet: run `npm run build` (npm start does it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
}
