// The last step of `npm run build:front-ends`: brotli and gzip copies of the built assets, for the server to send.
import { distDir } from '../paths.ts';
import { precompressAssets } from './precompress.ts';

const written = precompressAssets(distDir);
process.stdout.write(`Wrote ${written.length} precompressed copies of the built assets.\n`);
