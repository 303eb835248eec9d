import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** gzip as servers and CDNs commonly send it (zlib's default level). */
export function gzipSize(body: Buffer | string): number {
  return gzipSync(body, { level: 6 }).length;
}

export interface AssetSizes {
  /** Gzipped bytes of every script the page downloaded. */
  js: number;
  /** Gzipped bytes of every stylesheet the page downloaded. */
  css: number;
  files: string[];
}

/**
 * Records every script and stylesheet a page downloads from now on, with its gzip size. Call before the
 * navigation; the returned function waits for the bodies and gives the totals.
 */
export function recordAssets(page: Page): () => Promise<AssetSizes> {
  const pending: Promise<void>[] = [];
  const sizes: AssetSizes = { js: 0, css: 0, files: [] };
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        sizes[type === 'script' ? 'js' : 'css'] += gzipSize(body);
        sizes.files.push(new URL(response.url()).pathname);
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return sizes;
  };
}
