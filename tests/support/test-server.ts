import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage, type Server } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express, Request, Router } from 'express';
import { applyPendingMigrations } from '#prisma/tool/migrations.ts';
import { createAiTranslator } from '#server/adapters/openai/ai-translator.ts';
import { stripeFromEnv } from '#server/adapters/stripe/stripe-client.ts';
import { createApp, type AppOptions } from '#server/app.ts';
import { resolveSecrets, type ServerSecrets } from '#server/boot/secrets.ts';
import type { Clock } from '#server/clock.ts';
import { createPrisma, type Database } from '#server/db/prisma.ts';
import { loadEnv, type Env } from '#server/env.ts';
import { createSecretBox } from '#server/crypto/secret-box.ts';
import type { AuthSettingsOverride } from '#server/features/auth/index.ts';
import { createMailTransport } from '#server/features/mail/index.ts';
import { hookTargetsFor } from '#server/features/space-hooks/index.ts';
import { createHttpServer } from '#server/http/http-server.ts';
import type { BindRoute } from '#server/http/route-binder.ts';
import { allJobs } from '#server/all-jobs.ts';
import type { JobDefinition } from '#server/jobs/define-job.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { createLogger } from '#server/logger.ts';
import { storyblokAccessFromEnv, type StoryblokAccess } from '#server/storyblok-access/index.ts';
import { createAnswerValidator, type AnswerValidator, type OpenApiDocument } from './answer-validator.ts';
import { LogCapture } from './log-capture.ts';
import { joinTestDatabase, openTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestServer {
  baseUrl: string;
  env: Env;
  prisma: Database;
  queue: JobQueue;
  /** Storyblok as this server reaches it: the local one when the test set STORYBLOK_MAPI_URL. */
  storyblok: StoryblokAccess;
  database: TestDatabase;
  logs: LogCapture;
  secrets: ServerSecrets;
  /** Where the outbox writes .eml files (a folder of this server's own, removed on close). */
  mailDir: string;
  /** The SQL statements Prisma sent since the last reset (recorded with the countStatements option). */
  statements: { texts(): string[]; reset(): void };
  /** Makes health and readiness answer as during a shutdown. */
  setStopping(value: boolean): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  jobs?: JobDefinition[];
  /** Routes only a test needs (for example, to drive the contract binder with a body). */
  extraRoutes?: (bind: BindRoute) => Router;
  /**
   * The extra routes are the test's own, outside the API's document: their answers are checked against their
   * own schemas only, unless a test asks to see the document's check refuse them.
   */
  checkExtraRoutes?: boolean;
  mountFrontEnds?: AppOptions['mountFrontEnds'];
  /** A clock the test moves (TOTP steps, expiries, rate-limit refills) instead of sleeping. */
  clock?: Clock;
  authSettings?: AuthSettingsOverride;
  /** The PostgreSQL server to make this server's database on, instead of TEST_DATABASE_URL's (or PGlite). */
  databaseServerUrl?: string;
  /**
   * Another server on the same database, as a second process would be: on PostgreSQL with a pool of its own, on
   * PGlite sharing the one in-process connection. The database stays until the first server closes.
   */
  sameDatabaseAs?: TestServer;
  /** Off for benchmarks, which time what production runs; on otherwise, so every answer meets the contract. */
  validateResponses?: boolean;
  /** Records every SQL statement Prisma sends, in `statements`. */
  countStatements?: boolean;
}

/**
 * Every request of a test file comes from 127.0.0.1, so the per-address buckets would throttle ordinary
 * tests; they get room here. The rate-limit tests set their own small limits, which take precedence.
 */
const roomyPerIpLimits = {
  tokenPerIp: { burst: 10_000, refill: 10_000, perSeconds: 1 },
  mailPerIp: { burst: 10_000, refill: 10_000, perSeconds: 1 },
  verifyPerIp: { burst: 10_000, refill: 10_000, perSeconds: 1 },
  mfaPerIp: { burst: 10_000, refill: 10_000, perSeconds: 1 },
};

/** The same for failed sign-ins across accounts from one address. */
const roomyCredentialLimits = { perAddress: { failures: 10_000, windowSeconds: 3600 } };

/** The server's own OpenAPI document, over HTTP or HTTPS (whose test certificate no store trusts). */
async function readDocument(baseUrl: string): Promise<OpenApiDocument> {
  const url = `${baseUrl}/api/openapi.json`;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = url.startsWith('https:')
      ? httpsGet(url, { rejectUnauthorized: false }, resolve)
      : httpGet(url, resolve);
    request.on('error', reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as OpenApiDocument;
}

/** The real app on a real database and a real port, as a client sees it; its mail stays in its outbox. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.sameDatabaseAs
    ? await joinTestDatabase(options.sameDatabaseAs.database)
    : await openTestDatabase(options.databaseServerUrl);
  await applyPendingMigrations(database.driver);
  const mailDir = mkdtempSync(path.join(tmpdir(), 'polyblok-mail-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', MAIL_DIR: mailDir, ...options.env });
  env.DATABASE_URL = database.driver.target;
  const { secrets } = resolveSecrets(env, null);
  const logs = new LogCapture();
  const logger = createLogger({ level: env.LOG_LEVEL, destination: logs });
  let statements: string[] = [];
  const prisma = createPrisma(
    database.driver,
    options.countStatements ? { onStatement: (sql) => statements.push(sql) } : {},
  );
  const mailTransport = createMailTransport(env);
  // A second server on the same embedded database shares its process: the first one's running jobs are not cut off.
  const queue = createJobQueue({
    driver: database.driver,
    prisma,
    logger,
    ...(options.sameDatabaseAs ? { soleWorker: false } : {}),
  });
  const secretBox = createSecretBox(secrets.keyRing);
  // Storyblok is the local one when a test sets STORYBLOK_MAPI_URL; retries are quick so faults cost little time.
  const storyblok = storyblokAccessFromEnv(
    env,
    { prisma, queue, secretBox, siteUrl: () => env.SITE_URL },
    {
      requestsPerSecond: 1000,
      retryPolicy: { maxAttempts: 6, maxElapsedMs: 20_000, baseDelayMs: 20, maxDelayMs: 200 },
    },
  );
  // The model is the local OpenAI when a test sets OPENAI_BASE_URL; its retries are quick here.
  const translator = env.OPENAI_API_KEY
    ? createAiTranslator({
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        model: env.OPENAI_MODEL,
        maxRetries: 2,
      })
    : null;
  await queue.start([
    ...allJobs({
      prisma,
      mailTransport,
      storyblok,
      translator,
      wordsWithoutPlan: env.AI_DAILY_WORDS_WITHOUT_PLAN,
      wordsOnEntryPlan: env.AI_DAILY_WORDS_ENTRY_PLAN,
      secretBox,
      hookTargets: hookTargetsFor(env),
    }),
    ...(options.jobs ?? []),
  ]);

  // TLS_CERT_FILE and TLS_KEY_FILE serve HTTPS, as they make the real server do.
  const tls = env.TLS_CERT_FILE && env.TLS_KEY_FILE;
  const server: Server = createHttpServer(
    tls ? { cert: readFileSync(env.TLS_CERT_FILE!), key: readFileSync(env.TLS_KEY_FILE!) } : undefined,
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const baseUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // Links in e-mails must lead back to this server.
  if (!options.env?.SITE_URL) env.SITE_URL = baseUrl;
  let stopping = false;
  const validateResponses = options.validateResponses ?? true;
  // Every JSON answer of the API is checked against the document the server publishes, once it is read below.
  let validateAnswer: AnswerValidator | undefined;
  const answerProblems: string[] = [];
  const extraPaths: RegExp[] = [];
  const extraRoutes = options.extraRoutes;
  const checkAnswer = (req: Request, status: number, body: unknown) => {
    const answered = req.originalUrl.split('?')[0]!;
    if (!validateAnswer || !/^\/(api|auth\/v1)\//.test(answered)) return;
    if (extraPaths.some((path) => path.test(answered))) return;
    const problem = validateAnswer(req.method, answered, status, body);
    if (!problem) return;
    answerProblems.push(problem);
    throw new Error(`The answer breaks the API's document: ${problem}`);
  };
  const app: Express = createApp(
    {
      env,
      prisma,
      queue,
      logger,
      version: 'test',
      isStopping: () => stopping,
      secrets,
      storyblok,
      translator,
      stripe: stripeFromEnv(env),
      clock: options.clock,
      authSettings: {
        ...options.authSettings,
        limits: { ...roomyPerIpLimits, ...options.authSettings?.limits },
        credentialLimits: { ...roomyCredentialLimits, ...options.authSettings?.credentialLimits },
      },
    },
    {
      validateResponses,
      checkAnswer: validateResponses ? checkAnswer : undefined,
      extraRoutes:
        extraRoutes &&
        ((bind) =>
          extraRoutes((router, endpoint, handler, routeOptions) => {
            if (!options.checkExtraRoutes) extraPaths.push(new RegExp(`^${endpoint.path.replace(/:\w+/g, '[^/]+')}$`));
            bind(router, endpoint, handler, routeOptions);
          })),
      mountFrontEnds: options.mountFrontEnds,
    },
  );
  server.on('request', app);
  if (validateResponses) validateAnswer = createAnswerValidator(await readDocument(baseUrl));
  return {
    baseUrl,
    env,
    prisma,
    queue,
    storyblok,
    database,
    logs,
    secrets,
    mailDir,
    statements: {
      texts: () => statements,
      reset: () => {
        statements = [];
      },
    },
    setStopping: (value) => {
      stopping = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.stop(5000);
      mailTransport.close();
      await prisma.$disconnect();
      await database.dispose();
      rmSync(mailDir, { recursive: true, force: true });
      // An answer that broke the document failed its own request; this fails the file too, should a test not see it.
      if (answerProblems.length > 0) {
        throw new Error(`Answers broke the API's document:\n${answerProblems.join('\n')}`);
      }
    },
  };
}
