// Run by `npm start` before the server: builds the front ends when they are missing or older than their sources.
import { ensureFrontEndsBuilt } from './front-end-build.ts';

try {
  ensureFrontEndsBuilt((line) => process.stdout.write(`${line}\n`));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
