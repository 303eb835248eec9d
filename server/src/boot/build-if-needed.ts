// Run by `npm start` before the server: builds the front ends and compiles the server when they are missing or
// older than their sources.
import { ensureFrontEndsBuilt, ensureServerCompiled } from './front-end-build.ts';

try {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  ensureFrontEndsBuilt(log);
  ensureServerCompiled(log);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
