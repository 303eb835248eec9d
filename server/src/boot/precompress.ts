import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing: text. Images and fonts in the build are compressed formats already. */
export const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under each `assets` folder of the build, at the
 * highest levels: done once at build time, so the server sends hashed assets compressed at no cost per request.
 * A copy that saves nothing is not written; the server then sends the file as it is. Returns the files written.
 */
export function precompressAssets(distDir: string): string[] {
  const written: string[] = [];
  for (const folder of assetFolders(distDir)) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
      const file = path.join(folder, entry.name);
      const plain = readFileSync(file);
      const copies = {
        br: brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gz: gzipSync(plain, { level: constants.Z_BEST_COMPRESSION }),
      };
      for (const [suffix, body] of Object.entries(copies)) {
        if (body.length >= plain.length) continue;
        writeFileSync(`${file}.${suffix}`, body);
        written.push(`${file}.${suffix}`);
      }
    }
  }
  return written;
}

/** dist/<front end>/assets for each front end that has one. */
function assetFolders(distDir: string): string[] {
  return readdirSync(distDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(distDir, entry.name, 'assets'))
    .filter((folder) => existsSync(folder));
}
