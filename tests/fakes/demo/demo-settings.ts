import path from 'node:path';
import { projectRoot } from '#server/paths.ts';

/** The demo's fixed names: printed for the newcomer, and the same on every run so a later run finds them. */
export const demoAccount = { email: 'demo@polyblok.local', password: 'Polyblok-demo-translate-7' } as const;

export const demoContent = {
  seed: 'polyblok-demo',
  /** The personal access token the local Storyblok accepts for both demo spaces. */
  pat: 'demo-storyblok-personal-access-token',
  /** Connected on the first run, synced, ready to translate. */
  mainSpace: { id: 290001, name: 'Polyblok demo' },
  /** Left unconnected, so "Add a space" with the token has something to add. */
  spareSpace: { id: 291001, name: 'Second demo space' },
} as const;

export interface DemoSettings {
  /** Absolute; holds the generated Storyblok content, Polyblok's database, secrets and outbox. */
  dataDir: string;
  port: number;
  /** The one port asked for with DEMO_STORYBLOK_PORT, or null for 4010 or the next free one. */
  storyblokPort: number | null;
  /** The same for the local OpenAI (DEMO_OPENAI_PORT, else 4020 or the next free one). */
  openAiPort: number | null;
  /** The same for the local Stripe (DEMO_STRIPE_PORT, else 12111 or the next free one). */
  stripePort: number | null;
  /** Stories of the main demo space (the spare one gets a fifth of them). */
  stories: number;
  skipBuild: boolean;
  reset: boolean;
  logLevel: string;
}

export class DemoSetupError extends Error {
  override readonly name = 'DemoSetupError';
}

function portFrom(name: string, value: string | undefined, fallback: number): number;
function portFrom(name: string, value: string | undefined, fallback: null): number | null;
function portFrom(name: string, value: string | undefined, fallback: number | null): number | null {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DemoSetupError(`${name} must be a port number from 0 to 65535, not "${value}".`);
  }
  return port;
}

export const demoUsage = `Usage: npm run demo [-- --reset]

  --reset   delete the demo's data (${path.join('data', 'demo')}) and start over

Environment: PORT (Polyblok, default 3000), DEMO_STORYBLOK_PORT (local Storyblok, default 4010 or the next
free port), DEMO_OPENAI_PORT (local OpenAI, default 4020 or the next free port), DEMO_STRIPE_PORT (local
Stripe, default 12111 or the next free port), DEMO_DATA_DIR, DEMO_STORIES
(stories of a newly generated space, default 300), DEMO_SKIP_BUILD=1, LOG_LEVEL (default warn).`;

/** Reads the command line and the environment; throws DemoSetupError with what to fix. */
export function readDemoSettings(argv: string[], env: NodeJS.ProcessEnv): DemoSettings | 'help' {
  const unknown = argv.filter((arg) => arg !== '--reset' && arg !== '--help' && arg !== '-h');
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  if (unknown.length > 0) throw new DemoSetupError(`Unknown option ${unknown.join(' ')}.\n${demoUsage}`);
  const stories = Number(env.DEMO_STORIES || 300);
  if (!Number.isInteger(stories) || stories < 1 || stories > 20_000) {
    throw new DemoSetupError(`DEMO_STORIES must be a whole number from 1 to 20000, not "${env.DEMO_STORIES}".`);
  }
  return {
    dataDir: path.resolve(projectRoot, env.DEMO_DATA_DIR || path.join('data', 'demo')),
    port: portFrom('PORT', env.PORT, 3000),
    storyblokPort: portFrom('DEMO_STORYBLOK_PORT', env.DEMO_STORYBLOK_PORT, null),
    openAiPort: portFrom('DEMO_OPENAI_PORT', env.DEMO_OPENAI_PORT, null),
    stripePort: portFrom('DEMO_STRIPE_PORT', env.DEMO_STRIPE_PORT, null),
    stories,
    skipBuild: env.DEMO_SKIP_BUILD === '1' || env.DEMO_SKIP_BUILD === 'true',
    reset: argv.includes('--reset'),
    logLevel: env.LOG_LEVEL || 'warn',
  };
}
