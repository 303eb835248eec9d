import { isIP } from 'node:net';
import { z } from 'zod';
import { parseKeyRing, type KeyRing } from './crypto/secret-box.ts';
import { parseDatabaseUrl, type DatabaseTarget } from './db/driver.ts';

const origin = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

/** Express's `trust proxy`: false (no proxy), a hop count, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | string[];

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: 'trusting every proxy lets any client choose its address; give the hop count or the proxy addresses',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  }
  const entries = value.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const subnet = /^([^/]+)(?:\/\d{1,3})?$/.exec(entry);
    const known = proxyNames.has(entry) || (subnet !== null && isIP(subnet[1]!) !== 0);
    if (!known) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not a hop count (1-10), an IP address or subnet, loopback, linklocal or uniquelocal`,
      });
      return z.NEVER;
    }
  }
  return entries;
}

const envSchema = z.object({
  /**
   * What this process does: `web` serves HTTP (and sends jobs), `worker` works jobs (and answers only its health
   * check), `all` both. Replicas of each share everything through PostgreSQL.
   */
  POLYBLOK_ROLE: z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).default('all'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int({ error: 'must be a port number from 0 to 65535' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(3000),
  /** Interface to listen on; unset listens on all of them. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx): DatabaseTarget => {
      try {
        return parseDatabaseUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Origins allowed to frame the tool panel at /extension/ (Storyblok's Visual Editor), separated by spaces or commas. */
  STORYBLOK_APP_ORIGINS: z
    .string()
    .default('https://app.storyblok.com')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const part of value.split(/[\s,]+/).filter(Boolean)) {
        const parsed = origin.safeParse(part);
        if (parsed.success) origins.push(parsed.data);
        else ctx.addIssue({ code: 'custom', message: `"${part}" is not an http(s) origin` });
      }
      return origins;
    }),
  /** How long a shutdown may take before the process exits anyway; running jobs get most of it. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 6 to 600' })
    .int({ error: 'must be a whole number of seconds from 6 to 600' })
    .min(6, { error: 'must be a whole number of seconds from 6 to 600' })
    .max(600, { error: 'must be a whole number of seconds from 6 to 600' })
    .default(25),
  /** Public origin of the web app: e-mail links point at it and redirects may only go to it. */
  SITE_URL: origin.optional(),
  /** Signs access tokens (HS256). Unset outside production: generated once and kept (boot/secrets.ts). */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Versioned AES-256 keys, `v2:<base64>,v1:<base64>`: the first encrypts, all decrypt. */
  ENCRYPTION_KEYS: z
    .string()
    .optional()
    .transform((value, ctx): KeyRing | undefined => {
      if (value === undefined) return undefined;
      try {
        return parseKeyRing(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Storyblok's Management API (with /v1) for every region; unset uses each region's own host. A {region}
   * in it becomes the space's region code, so one stand-in can play every region.
   */
  STORYBLOK_MAPI_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), { error: 'must be an http(s) URL' }),
  /**
   * Storyblok's Content Delivery API (with /v2/cdn), where published-content links point; unset uses each
   * region's own host. A {region} in it becomes the space's region code, as in STORYBLOK_MAPI_URL.
   */
  STORYBLOK_CDN_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), { error: 'must be an http(s) URL' }),
  /**
   * Management API requests per second per token, whatever the plan. Unset: each token follows its space's plan
   * (Starter 3, Growth and above 6) and starts at 3 where the plan says nothing.
   */
  STORYBLOK_REQUESTS_PER_SECOND: z.coerce
    .number({ error: 'must be a number of requests per second from 0.1 to 100' })
    .min(0.1, { error: 'must be a number of requests per second from 0.1 to 100' })
    .max(100, { error: 'must be a number of requests per second from 0.1 to 100' })
    .optional(),
  /**
   * The Storyblok app of the tool panel (its OAuth client, from the app's settings in Storyblok). Both unset turn
   * the app install off; the panel then says so instead of offering to sign in.
   */
  STORYBLOK_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  STORYBLOK_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Storyblok's OAuth endpoints live (/oauth/authorize, token, user_info); unset uses Storyblok's hosts. */
  STORYBLOK_OAUTH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** The tool plugin's slug in Storyblok (my-org@polyblok): the panel names itself so in every message. */
  STORYBLOK_TOOL_SLUG: z
    .string()
    .regex(/^[A-Za-z0-9@._-]{1,100}$/, { error: 'must be the tool slug, letters, digits and @ . _ - only' })
    .default('polyblok'),
  /** A PEM certificate (chain) and its key: Polyblok then serves HTTPS itself. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** The AI model's key; unset turns AI translation off (the editor says so). Never sent to a browser. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Any OpenAI-compatible server (with /v1); unset means OpenAI itself. */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** AI words per day for a space without a plan (the Entry Plan allows 1000). */
  AI_DAILY_WORDS_WITHOUT_PLAN: z.coerce
    .number({ error: 'must be a whole number of words from 0 to 10,000,000' })
    .int({ error: 'must be a whole number of words from 0 to 10,000,000' })
    .min(0, { error: 'must be a whole number of words from 0 to 10,000,000' })
    .max(10_000_000, { error: 'must be a whole number of words from 0 to 10,000,000' })
    .default(1000),
  /** AI words per day while a space's Entry Plan subscription is active or in its trial. */
  AI_DAILY_WORDS_ENTRY_PLAN: z.coerce
    .number({ error: 'must be a whole number of words from 0 to 10,000,000' })
    .int({ error: 'must be a whole number of words from 0 to 10,000,000' })
    .min(0, { error: 'must be a whole number of words from 0 to 10,000,000' })
    .max(10_000_000, { error: 'must be a whole number of words from 0 to 10,000,000' })
    .default(1000),
  /** Stripe's secret key (sk_...); unset turns billing off: plans are then the operator's business. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint registered in Stripe (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The Entry Plan's recurring monthly price in Stripe (price_...). */
  STRIPE_ENTRY_PLAN_PRICE_ID: z.string().min(1).optional(),
  /** Another Stripe API host (a local stand-in): its protocol, host and port go to the Stripe client. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Where e-mail goes; unset keeps it in the outbox (database, MAIL_DIR and /dev/mail). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/@/, { error: 'must be an address, as in Polyblok <no-reply@example.com>' })
    .default('Polyblok <no-reply@localhost>'),
  MAIL_DIR: z.string().default('data/mail'),
  /** Signs the Crisp chat identity (crisp_signature); unset sends none. */
  CRISP_SECRET: z.string().optional(),
  /** Crisp's website ID: the web app's Support item opens the Crisp chat; unset, it leads to /support. */
  CRISP_WEBSITE_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: 'must be the Crisp website ID, a UUID such as 3f1c2a4e-…',
    })
    .optional(),
  /** Proxies in front of the server whose X-Forwarded-For is believed (rate limits key on the client address). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => parseTrustProxy(value?.trim(), ctx)),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

/** Every variable the server reads; .env.example and the README's table list the same ones. */
export const envVariableNames = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

/** Variables a production server must be given: a generated secret there would be lost or shared by accident. */
const requiredInProduction = ['JWT_SECRET', 'ENCRYPTION_KEYS'] as const;

export class EnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/** Validates the whole environment at once, so one failed start lists every variable to fix. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value means "not set": .env files and CI often export VAR= for optional settings.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        return `${name}: ${issue.message}`;
      });
  if (cleaned.NODE_ENV === 'production') {
    for (const name of requiredInProduction) {
      if (cleaned[name] === undefined) problems.push(`${name}: must be set in production`);
    }
  }
  problems.push(...pairProblems(cleaned), ...stripeProblems(cleaned));
  if (result.success && result.data.POLYBLOK_ROLE !== 'all' && result.data.DATABASE_URL.kind === 'pglite') {
    // The embedded database is a folder one process holds: a second process could not open it.
    problems.push(
      `POLYBLOK_ROLE: ${result.data.POLYBLOK_ROLE} needs PostgreSQL (DATABASE_URL=postgres://…); the embedded database runs as one process, role all`,
    );
  }
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const env = result.data;
  const tls = env.TLS_CERT_FILE !== undefined;
  const siteUrl = env.SITE_URL ?? `${tls ? 'https' : 'http'}://localhost:${env.PORT}`;
  // @storyblok/app-extension-auth builds its redirect URI from the site and refuses anything but https.
  if (env.STORYBLOK_OAUTH_CLIENT_ID && !siteUrl.startsWith('https://')) {
    throw new EnvError([
      `SITE_URL: the Storyblok app install (STORYBLOK_OAUTH_CLIENT_ID) needs an https origin, not ${siteUrl}`,
    ]);
  }
  return { ...env, SITE_URL: siteUrl };
}

/** Settings that only work together: one of a pair without the other is a mistake, not a default. */
const pairs = [
  ['STORYBLOK_OAUTH_CLIENT_ID', 'STORYBLOK_OAUTH_CLIENT_SECRET'],
  ['TLS_CERT_FILE', 'TLS_KEY_FILE'],
] as const;

/** With a Stripe key, billing needs the webhook secret (the truth arrives by webhook) and the plan's price. */
function stripeProblems(source: Record<string, string | undefined>): string[] {
  if (source.STRIPE_SECRET_KEY === undefined) return [];
  return (['STRIPE_WEBHOOK_SECRET', 'STRIPE_ENTRY_PLAN_PRICE_ID'] as const)
    .filter((name) => source[name] === undefined)
    .map((name) => `${name}: must be set together with STRIPE_SECRET_KEY`);
}

function pairProblems(source: Record<string, string | undefined>): string[] {
  return pairs.flatMap(([a, b]) => {
    if ((source[a] === undefined) === (source[b] === undefined)) return [];
    const [missing, given] = source[a] === undefined ? [a, b] : [b, a];
    return [`${missing}: must be set together with ${given}`];
  });
}
