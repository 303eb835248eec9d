import type { Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Express, Response } from 'express';
import { createServer, type ViteDevServer } from 'vite';
import { PANEL_PREFIX } from './security-headers.ts';

export interface DevFrontEnds {
  mount(app: Express): void;
  close(): Promise<void>;
}

/**
 * Development: the web app and the tool panel come from Vite (with hot reload) inside this server, so the
 * API and the pages share one origin as they do in production.
 */
export async function createDevFrontEnds(httpServer: Server, root: string): Promise<DevFrontEnds> {
  const panel = await createServer({
    configFile: path.join(root, 'extension/vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { port: 24679 } },
  });
  const web = await createServer({
    configFile: path.join(root, 'app/vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  return {
    mount(app) {
      app.use(PANEL_PREFIX, panel.middlewares);
      app.get(/^\/extension(\/.*)?$/, (req, res, next) => {
        sendIndex(panel, path.join(root, 'extension/index.html'), req.originalUrl, res).catch(next);
      });
      app.use(web.middlewares);
      app.get(/.*/, (req, res, next) => {
        if (req.path.startsWith('/api/') || !(req.headers.accept ?? '').includes('text/html')) {
          next();
          return;
        }
        sendIndex(web, path.join(root, 'app/index.html'), req.originalUrl, res).catch(next);
      });
    },
    async close() {
      await Promise.all([panel.close(), web.close()]);
    },
  };
}

async function sendIndex(vite: ViteDevServer, file: string, url: string, res: Response): Promise<void> {
  const html = await vite.transformIndexHtml(url, await readFile(file, 'utf8'));
  res.status(200).type('html').setHeader('Cache-Control', 'no-cache').send(html);
}
