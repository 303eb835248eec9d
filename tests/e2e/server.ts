import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startLocalServices, type LocalServices } from './local-services.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function isHealthy(baseURL: string): Promise<boolean> {
  // A server with TLS_CERT_FILE uses a throwaway certificate the test process does not trust; this only asks
  // whether our own child is up.
  if (baseURL.startsWith('https:')) {
    return new Promise((resolve) => {
      const request = httpsGet(`${baseURL}/api/health`, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on('error', () => resolve(false));
      request.on('timeout', () => request.destroy());
    });
  }
  try {
    const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server (`node --import tsx server/src/main.ts`) on a free port with an in-memory
 * database and resolves once it has printed its URL and answers /api/health.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `${extraEnv.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: 'memory://', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Kept for the error message: a server that fails to boot explains why on its own output.
  let output = '';
  let announced = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(baseURL)) announced = true;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(announced && (await isHealthy(baseURL)))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
      }
      if (Date.now() > deadline) throw new Error(`server not ready on ${baseURL} after ${START_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.slice(-4_000)}`, { cause: error });
  }

  return { baseURL, stop: () => stopChild(child) };
}

/**
 * `test` with one real server per worker, pointed at a local Storyblok and a local OpenAI that live in the
 * worker (`services`). E2E_BASE_URL points the tests at a server that is already running instead (e.g.
 * `npm start` in another terminal); that server must use the same local services to pass the content tests.
 */
export const test = base.extend<object, { services: LocalServices; server: RunningServer }>({
  services: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const services = await startLocalServices();
      try {
        await use(services);
      } finally {
        await services.close();
      }
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ services }, use) => {
      const external = process.env.E2E_BASE_URL;
      if (external) {
        await use({ baseURL: external.replace(/\/$/, ''), stop: async () => undefined });
        return;
      }
      const server = await startServer(services.env);
      services.stripe.setWebhookUrl(`${server.baseURL}/api/stripe/webhook`);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + STOP_TIMEOUT_MS + 5_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

export { expect } from '@playwright/test';
