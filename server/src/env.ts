import { z } from 'zod';
import { parseDatabaseUrl, type DatabaseTarget } from './db/driver.ts';

const origin = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

const envSchema = z.object({
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
});

export type Env = z.infer<typeof envSchema>;

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
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return `${name}: ${issue.message}`;
  });
  throw new EnvError(problems);
}
