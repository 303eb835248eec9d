// `npm run demo`: the local Storyblok with generated content, the local OpenAI, Polyblok on its own database, and
// a demo account with the demo space connected, so a newcomer can try the whole product offline. See README.md,
// "Try it offline".
import { existsSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureFrontEndsBuilt } from '#server/boot/front-end-build.ts';
import { signInDemoAccount } from './demo-account.ts';
import { demoBanner } from './demo-banner.ts';
import { ensureDemoContent, storyblokDirOf } from './demo-content.ts';
import { createLifecycle } from './demo-lifecycle.ts';
import { startDemoOpenAi } from './demo-openai.ts';
import { startDemoStripe } from './demo-stripe.ts';
import { assertDemoNotRunning, assertPolyblokPortFree, databaseDirOf } from './demo-preflight.ts';
import { DemoSetupError, demoUsage, readDemoSettings, type DemoSettings } from './demo-settings.ts';
import { connectDemoSpace } from './demo-space.ts';
import { startDemoStoryblok } from './demo-storyblok.ts';
import { spawnPolyblok, type PolyblokProcess } from './polyblok-process.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const life = createLifecycle();
let polyblok: PolyblokProcess | null = null;
/** Aborted on Ctrl+C, so setup stops waiting for the first sync. */
const interrupted = new AbortController();

/** Polyblok's environment: the demo's own database, outbox and secrets, whatever the shell exports. */
function polyblokEnv(settings: DemoSettings, storyblokUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(settings.port),
    DATABASE_URL: `file:${databaseDirOf(settings.dataDir)}`,
    STORYBLOK_MAPI_URL: `${storyblokUrl}/{region}/v1`,
    // Links to published content open the local Storyblok's delivery API, which serves the demo's stories.
    STORYBLOK_CDN_URL: `${storyblokUrl}/{region}/v2/cdn`,
    // Enough AI words to translate every folder of the demo in every language, several times over.
    AI_DAILY_WORDS_WITHOUT_PLAN: process.env.AI_DAILY_WORDS_WITHOUT_PLAN || '1000000',
    // The local Storyblok has no plan limit; at Storyblok's default of 3 the first sync of 300 stories takes minutes.
    STORYBLOK_REQUESTS_PER_SECOND: process.env.STORYBLOK_REQUESTS_PER_SECOND || '25',
    MAIL_DIR: path.join(settings.dataDir, 'mail'),
    LOG_LEVEL: settings.logLevel,
    ...extra,
  };
  // Mail must stay in the outbox the demo reads; secrets are generated beside the demo's database so that
  // tokens sealed in it still open whatever the shell exports next time; links point at this server.
  for (const name of ['SMTP_URL', 'JWT_SECRET', 'ENCRYPTION_KEYS', 'SITE_URL']) delete env[name];
  return env;
}

async function run(settings: DemoSettings): Promise<void> {
  if (settings.reset) {
    assertDemoNotRunning(settings.dataDir);
    await rm(settings.dataDir, { recursive: true, force: true });
    say(`Deleted ${settings.dataDir}: starting over.`);
  }
  assertDemoNotRunning(settings.dataDir);
  await assertPolyblokPortFree(settings.port, process.env.HOST || undefined);
  mkdirSync(settings.dataDir, { recursive: true });
  if (settings.skipBuild) say('Skipping the front-end build (DEMO_SKIP_BUILD).');
  else ensureFrontEndsBuilt(say);

  await ensureDemoContent(settings.dataDir, settings.stories, say);
  const storyblok = await startDemoStoryblok(storyblokDirOf(settings.dataDir), settings.storyblokPort);
  life.onStop(() => storyblok.close());
  say(`Local Storyblok on ${storyblok.baseUrl}`);

  const openAi = await startDemoOpenAi(settings.openAiPort);
  life.onStop(() => openAi.close());
  say(`Local OpenAI on ${openAi.baseUrl}`);

  const stripe = await startDemoStripe(settings.stripePort);
  life.onStop(() => stripe.close());
  say(`Local Stripe on ${stripe.baseUrl}`);

  say('Starting Polyblok...');
  const newDatabase = !existsSync(databaseDirOf(settings.dataDir));
  const started = spawnPolyblok({
    env: polyblokEnv(settings, storyblok.baseUrl, { ...openAi.env, ...stripe.env }),
    log: (line) => say(`  polyblok │ ${line}`),
  });
  polyblok = started;
  life.onStop(() => started.stop());
  const url = await started.ready;
  stripe.sendWebhooksTo(url);

  const accessToken = await signInDemoAccount(url, say, { newDatabase });
  const space = await connectDemoSpace({ baseUrl: url, accessToken, log: say, signal: interrupted.signal });
  say(
    demoBanner({
      url,
      storyblokUrl: storyblok.baseUrl,
      openAiUrl: openAi.baseUrl,
      stripeUrl: stripe.baseUrl,
      space,
      dataDir: settings.dataDir,
    }),
  );

  void started.exited.then(async (code) => {
    if (life.stopping) return;
    say(`Polyblok stopped on its own (exit code ${code}); stopping the demo.`);
    await life.stop();
    process.exit(1);
  });
}

/** Exit code after a stop: 0 when Polyblok (if it ran) stopped cleanly. */
async function stopAll(): Promise<number> {
  await life.stop();
  const code = polyblok ? await polyblok.exited : 0;
  return code === 0 ? 0 : 1;
}

let firstSignalAt = 0;
function onSignal(signal: NodeJS.Signals): void {
  if (firstSignalAt === 0) {
    firstSignalAt = Date.now();
    interrupted.abort();
    say(`\n${signal}: stopping Polyblok and the local stand-ins...`);
    // Polyblok gives a running job (the first sync) most of SHUTDOWN_TIMEOUT_SECONDS to finish or pause, 20 s
    // by default: say why nothing seems to happen.
    const slow = setTimeout(
      () => say('Polyblok is letting a running job pause first (up to 25 s). Press Ctrl+C again to stop it now.'),
      3_000,
    );
    void stopAll().then((code) => {
      clearTimeout(slow);
      say(code === 0 ? 'Demo stopped.' : 'Demo stopped; Polyblok did not stop cleanly.');
      process.exit(code);
    });
    return;
  }
  // npm forwards the terminal's Ctrl+C to the demo, which the terminal also sent: one press arrives twice.
  if (Date.now() - firstSignalAt < 1_000) return;
  say('Stopping now, without waiting for Polyblok.');
  if (polyblok) process.kill(polyblok.pid, 'SIGKILL');
  process.exit(1);
}

async function main(): Promise<void> {
  let settings;
  try {
    settings = readDemoSettings(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (settings === 'help') {
    say(demoUsage);
    return;
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await run(settings);
  } catch (error) {
    // A Ctrl+C during setup makes the step in flight fail; the signal handler is already stopping everything.
    if (life.stopping) return;
    process.stderr.write(
      `\nThe demo could not start: ${error instanceof DemoSetupError ? error.message : ((error as Error).stack ?? String(error))}\n`,
    );
    await life.stop();
    process.exit(1);
  }
}

void main();
