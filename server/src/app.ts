import compression from 'compression';
import express, { type Express, type Router } from 'express';
import { API_BASE_PATH, AUTH_BASE_PATH } from '#contract/routes.ts';
import type { ServerSecrets } from './boot/secrets.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Env } from './env.ts';
import type { Database } from './db/prisma.ts';
import type { AiTranslator } from './adapters/openai/ai-translator.ts';
import type { StripeSettings } from './adapters/stripe/stripe-client.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { apiTokensRoutes, meRoutes } from './features/account/index.ts';
import { aiRoutes } from './features/ai/index.ts';
import {
  authApiRoutes,
  createAuthDeps,
  createAuthGuard,
  createLinkPasses,
  resolveAuthSettings,
  type AuthSettingsOverride,
} from './features/auth/index.ts';
import { connectRoutes } from './features/connect/index.ts';
import { billingRoutes, portalScope, type BillingDeps } from './features/billing/index.ts';
import { contentRoutes } from './features/content/index.ts';
import { glossaryRoutes } from './features/glossary/index.ts';
import { progressRoutes } from './features/progress/index.ts';
import { xliffRoutes } from './features/xliff/index.ts';
import { publishingRoutes } from './features/publishing/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { devMailRoutes, siteRoutes } from './features/mail/index.ts';
import { membersRoutes } from './features/members/index.ts';
import { hookTargetsFor, spaceHooksRoutes } from './features/space-hooks/index.ts';
import { spacesRoutes } from './features/spaces/index.ts';
import { webhooksRoutes } from './features/webhooks/index.ts';
import { answerCheck, type AnswerCheck } from './http/answer-check.ts';
import { apiNotFound, errorMiddleware } from './http/error-middleware.ts';
import { apiDocsRoutes } from './http/openapi/api-docs.routes.ts';
import { apiInput } from './http/input-dialect.ts';
import { requestLog } from './http/request-log.ts';
import { createRouteBinder, type BindRoute } from './http/route-binder.ts';
import { RouteRegistry } from './http/route-registry.ts';
import { securityHeaders } from './http/security-headers.ts';
import { refuseMalformedUrl } from './http/url-encoding.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';
import type { StoryblokAccess } from './storyblok-access/index.ts';

/** What the routes need from the running process; tests build it on an in-memory database. */
export interface AppContext {
  env: Env;
  prisma: Database;
  queue: JobQueue;
  logger: Logger;
  version: string;
  /** True once shutdown began: health turns 503 so traffic drains away first. */
  isStopping: () => boolean;
  /** The server's signing and encryption keys (boot/secrets.ts). */
  secrets: ServerSecrets;
  /** The system clock unless a test moves time itself. */
  clock?: Clock;
  /** Auth time limits and rate limits; tests shrink them. */
  authSettings?: AuthSettingsOverride;
  /** The only way to Storyblok (its hosts come from configuration, so tests use the local Storyblok). */
  storyblok: StoryblokAccess;
  /** The AI model, or null when none is configured. */
  translator: AiTranslator | null;
  /** Stripe, or null when billing is off (no STRIPE_SECRET_KEY). */
  stripe: StripeSettings | null;
}

export interface AppOptions {
  /** Check every answer against the contract; on in tests. */
  validateResponses?: boolean;
  /** Routes mounted after the product's API routes (tests drive the contract binder through them). */
  extraRoutes?: (bind: BindRoute) => Router | undefined;
  /** Sees every JSON answer before it is sent (the tests check each against the API's document). */
  checkAnswer?: AnswerCheck;
  /** Adds the routes that serve the front ends (built files or Vite) after the API. */
  mountFrontEnds?: (app: Express) => void;
}

export function createApp(context: AppContext, options: AppOptions = {}): Express {
  const { env, logger } = context;
  const app = express();
  app.disable('x-powered-by');
  // Identical query keys become arrays (?a=1&a=2); schemas that expect one value reject them.
  app.set('query parser', 'simple');
  // req.ip (rate limits, sessions) is the client's address only behind the proxies named here.
  app.set('trust proxy', env.TRUST_PROXY);

  app.use(requestLog(logger));
  if (options.checkAnswer) app.use(answerCheck(options.checkAnswer));
  // Answers over 1 KiB go out as brotli (gzip for clients without it): a story of 1,000 keys shrinks about
  // sevenfold. Hashed assets are compressed at build time and sent as they are (http/precompressed.ts).
  app.use(compression({ threshold: 1024 }));
  app.use(
    securityHeaders({
      panelFrameAncestors: env.STORYBLOK_APP_ORIGINS,
      dev: env.NODE_ENV === 'development',
      crisp: env.CRISP_WEBSITE_ID !== undefined,
    }),
  );

  const clock = context.clock ?? systemClock;
  const auth = createAuthDeps({
    prisma: context.prisma,
    queue: context.queue,
    logger,
    siteUrl: env.SITE_URL,
    clock,
    settings: resolveAuthSettings(context.authSettings),
    secrets: context.secrets,
    sharedLimits: env.DATABASE_URL.kind === 'postgres',
  });
  const validateResponses = options.validateResponses ?? env.NODE_ENV === 'test';
  // Every JSON route of the table must be bound exactly once, by one of the two binders below.
  const registry = new RouteRegistry();
  app.use(AUTH_BASE_PATH, authApiRoutes(auth, { validateResponses, registry }));
  // Everything past the auth API (which refuses in its own dialect): the product API and the front ends.
  app.use(refuseMalformedUrl(apiInput));

  const guardDeps = { prisma: context.prisma, tokens: auth.tokens, clock };
  const bind = createRouteBinder({
    validateResponses,
    authenticate: createAuthGuard(guardDeps),
    acceptsApiTokens: true,
    prisma: context.prisma,
    registry,
  });
  const linkPasses = createLinkPasses({ ...guardDeps, secret: context.secrets.jwtSecret });
  // The billing portal is opened as a page: by bearer token, or by the signed pass of its link in /api/me.
  const bindLink = createRouteBinder({
    validateResponses,
    authenticate: linkPasses.guard((req) => portalScope(String(req.params.id))),
    acceptsApiTokens: true,
    prisma: context.prisma,
    registry,
  });
  const billing: BillingDeps = {
    prisma: context.prisma,
    stripe: context.stripe,
    siteUrl: env.SITE_URL,
    linkPasses,
  };
  app.use(API_BASE_PATH, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(
    healthRoutes(bind, {
      prisma: context.prisma,
      queue: context.queue,
      databaseKind: env.DATABASE_URL.kind,
      version: context.version,
      isStopping: context.isStopping,
    }),
  );
  const outboxServed = env.NODE_ENV !== 'production';
  app.use(apiDocsRoutes(bind, { registry, version: context.version }));
  app.use(siteRoutes(bind, { mailStaysInOutbox: outboxServed && env.SMTP_URL === undefined }));
  app.use(
    meRoutes(bind, {
      prisma: context.prisma,
      crispSecret: env.CRISP_SECRET,
      crispWebsiteId: env.CRISP_WEBSITE_ID,
      cdnUrlOf: context.storyblok.cdnUrl,
      billing,
    }),
  );
  app.use(apiTokensRoutes(bind, { prisma: context.prisma, clock }));
  app.use(billingRoutes(bind, bindLink, billing));
  const secretBox = createSecretBox(context.secrets.keyRing);
  app.use(
    spacesRoutes(bind, {
      prisma: context.prisma,
      storyblok: context.storyblok,
      secretBox,
      queue: context.queue,
      wordsWithoutPlan: env.AI_DAILY_WORDS_WITHOUT_PLAN,
      wordsOnEntryPlan: env.AI_DAILY_WORDS_ENTRY_PLAN,
      billingEnabled: context.stripe !== null,
      siteUrl: env.SITE_URL,
    }),
  );
  app.use(membersRoutes(bind, { prisma: context.prisma, queue: context.queue, siteUrl: env.SITE_URL, auth }));
  app.use(glossaryRoutes(bind, { prisma: context.prisma }));
  app.use(progressRoutes(bind, { prisma: context.prisma }));
  app.use(contentRoutes(bind, { prisma: context.prisma, queue: context.queue }));
  app.use(xliffRoutes(bind, { prisma: context.prisma, queue: context.queue }));
  app.use(publishingRoutes(bind, { prisma: context.prisma, storyblok: context.storyblok }));
  app.use(
    aiRoutes(bind, {
      prisma: context.prisma,
      queue: context.queue,
      translator: context.translator,
      wordsWithoutPlan: env.AI_DAILY_WORDS_WITHOUT_PLAN,
      wordsOnEntryPlan: env.AI_DAILY_WORDS_ENTRY_PLAN,
    }),
  );
  app.use(
    spaceHooksRoutes(bind, {
      prisma: context.prisma,
      queue: context.queue,
      secretBox,
      hookTargets: hookTargetsFor(env),
    }),
  );
  app.use(
    webhooksRoutes(bind, { prisma: context.prisma, secretBox, queue: context.queue, siteUrl: () => env.SITE_URL }),
  );
  app.use(
    connectRoutes(bind, {
      prisma: context.prisma,
      storyblok: context.storyblok,
      oauth: context.storyblok.app,
      secretBox,
      queue: context.queue,
      logger,
      auth,
      siteUrl: () => env.SITE_URL,
      storyblokOrigins: env.STORYBLOK_APP_ORIGINS,
      toolSlug: env.STORYBLOK_TOOL_SLUG,
    }),
  );
  const extra = options.extraRoutes?.(bind);
  if (extra) app.use(extra);
  registry.assertComplete();
  app.use(API_BASE_PATH, apiNotFound);
  if (outboxServed) app.use(devMailRoutes(context.prisma));

  options.mountFrontEnds?.(app);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorMiddleware(logger));
  return app;
}
