// `npm run build:server`: compiles the server to dist/server (the last step of `npm run build`).
import { compileServer } from './compile-server.ts';

try {
  await compileServer();
} catch (error) {
  process.stderr.write(`Compiling the server failed: ${(error as Error).message}\n`);
  process.exit(1);
}
