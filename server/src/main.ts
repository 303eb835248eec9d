import { readFileSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { routes } from '#contract/routes.ts';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { aiTranslatorFromEnv } from './adapters/openai/ai-from-env.ts';
import { stripeFromEnv } from './adapters/stripe/stripe-client.ts';
import { createApp } from './app.ts';
import { describeDatabase } from './boot/describe.ts';
import { resolveSecrets, secretsFileFor } from './boot/secrets.ts';
import { openDriver } from './db/driver.ts';
import { createPrisma } from './db/prisma.ts';
import { EnvError, loadEnv } from './env.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { healthListener } from './features/health/index.ts';
import { createMailTransport } from './features/mail/index.ts';
import { serveBuiltFrontEnds } from './http/front-ends.ts';
import { createHttpServer } from './http/http-server.ts';
import { allJobs } from './all-jobs.ts';
import { hookTargetsFor } from './features/space-hooks/index.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createLogger } from './logger.ts';
import { distDir, projectRoot } from './paths.ts';
import { storyblokAccessFromEnv } from './storyblok-access/index.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(`Polyblok cannot start. ${error.message}`);
    throw error;
  }
  const version = (JSON.parse(readFileSync(`${projectRoot}package.json`, 'utf8')) as { version: string }).version;
  const logger = createLogger({ level: env.LOG_LEVEL });
  let resolved;
  try {
    resolved = resolveSecrets(env, secretsFileFor(env.DATABASE_URL));
  } catch (error) {
    fail(`Polyblok cannot start. ${(error as Error).message}`);
  }

  say(`Polyblok ${version}: ${describeDatabase(env.DATABASE_URL)}`);
  if (resolved.notice) say(resolved.notice);
  const driver = await openDriver(env.DATABASE_URL).catch((error: Error) =>
    fail(`Cannot open the database: ${error.message}`),
  );
  const onWait = () => say('Waiting for another process to finish migrating the database...');
  const applied = await applyPendingMigrations(driver, { onWait }).catch(async (error: Error) => {
    await driver.close();
    fail(`Cannot prepare the database (DATABASE_URL): ${error.message}`);
  });
  if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);

  const prisma = createPrisma(driver);
  const mailTransport = createMailTransport(env);
  const translator = aiTranslatorFromEnv(env);
  const role = env.POLYBLOK_ROLE;
  // A web replica only sends jobs; the workers (or the one process of role all) work them.
  const queue = createJobQueue({ driver, prisma, logger, works: role !== 'web' });
  const secretBox = createSecretBox(resolved.secrets.keyRing);
  const storyblok = storyblokAccessFromEnv(env, {
    prisma,
    queue,
    secretBox,
    // Read when needed: without SITE_URL, the address is known only once the server listens.
    siteUrl: () => env.SITE_URL,
  });
  await queue.start(
    allJobs({
      prisma,
      mailTransport,
      storyblok,
      translator,
      wordsWithoutPlan: env.AI_DAILY_WORDS_WITHOUT_PLAN,
      wordsOnEntryPlan: env.AI_DAILY_WORDS_ENTRY_PLAN,
      secretBox,
      hookTargets: hookTargetsFor(env),
    }),
  );

  let stopping = false;
  const httpServer = listener(env.TLS_CERT_FILE, env.TLS_KEY_FILE);
  const scheme = env.TLS_CERT_FILE ? 'https' : 'http';
  // Vite is loaded only in development: a production start never pays for it.
  const devFrontEnds =
    dev && role !== 'worker'
      ? await import('./http/dev-front-ends.ts').then((module) => module.createDevFrontEnds(httpServer, projectRoot))
      : null;

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    const onListening = () => {
      httpServer.off('error', reject);
      resolve();
    };
    if (env.HOST) httpServer.listen(env.PORT, env.HOST, onListening);
    else httpServer.listen(env.PORT, onListening);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      fail(`Port ${env.PORT} is already in use: stop what uses it or set PORT to another port.`);
    throw error;
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // The app is built once the port is known: without SITE_URL, e-mail links point at this server, and with
  // PORT=0 its port is known only now. No request is handled before this synchronous step ends.
  if (!process.env.SITE_URL) env.SITE_URL = `${scheme}://localhost:${port}`;
  const health = {
    prisma,
    queue,
    databaseKind: env.DATABASE_URL.kind,
    version,
    isStopping: () => stopping,
  };
  const app: RequestListener =
    role === 'worker'
      ? healthListener(health, routes.getHealth.path)
      : createApp(
          {
            env,
            prisma,
            queue,
            logger,
            version,
            isStopping: () => stopping,
            secrets: resolved.secrets,
            storyblok,
            translator,
            stripe: stripeFromEnv(env),
          },
          {
            mountFrontEnds: (express) =>
              devFrontEnds ? devFrontEnds.mount(express) : serveBuiltFrontEnds(express, distDir),
          },
        );
  httpServer.on('request', app);
  const serves = role === 'worker' ? ' (health check only; working jobs)' : role === 'web' ? ' (not working jobs)' : '';
  say(`Polyblok listening on ${scheme}://localhost:${port}${serves}`);

  const shutdown = async (signal: string) => {
    if (stopping) {
      say('Stopping now.');
      process.exit(1);
    }
    stopping = true;
    say(`${signal} received: finishing requests and running jobs...`);
    const deadline = setTimeout(() => fail('Shutdown took too long; exiting.'), env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    deadline.unref();
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    // Jobs get the grace period minus a margin for closing the database after them.
    await queue.stop(Math.max(1000, (env.SHUTDOWN_TIMEOUT_SECONDS - 5) * 1000));
    await closed;
    await devFrontEnds?.close();
    mailTransport.close();
    await prisma.$disconnect();
    await driver.close();
    say('Polyblok stopped.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Plain HTTP, or HTTPS with the configured certificate (read once at start; a bad file stops the start). */
function listener(certFile: string | undefined, keyFile: string | undefined): Server {
  if (!certFile || !keyFile) return createHttpServer();
  try {
    return createHttpServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
  } catch (error) {
    fail(`Polyblok cannot start. TLS_CERT_FILE/TLS_KEY_FILE: ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Polyblok failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
