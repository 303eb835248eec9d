import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authSessionSchema } from '#contract/auth.ts';
import { meResponseSchema } from '#contract/me.ts';
import { createApiClient } from '#kit/api/api-client.ts';
import { projectRoot } from '#server/paths.ts';

// `npm run demo` as a newcomer runs it, on a small space and without the front-end build (this checks the
// API and the processes; the pages are the end-to-end tests' concern).
const folder = mkdtempSync(path.join(tmpdir(), 'polyblok-demo-'));
let demo: ChildProcess | null = null;

afterAll(() => {
  if (demo && demo.exitCode === null) demo.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | null, what: string, output: () => string, timeoutMs = 50_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run demo', () => {
  it('serves a signed-up demo account with its synced space and AI, and stops everything on Ctrl+C', async () => {
    const [port, storyblokPort, openAiPort, stripePort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/demo/demo.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DEMO_STORYBLOK_PORT: String(storyblokPort),
        DEMO_OPENAI_PORT: String(openAiPort),
        DEMO_STRIPE_PORT: String(stripePort),
        DEMO_DATA_DIR: folder,
        DEMO_STORIES: '30',
        DEMO_SKIP_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const read = () => output;

    const printed = await waitFor(
      () => {
        const url = /Polyblok demo is ready: open (http:\/\/\S+)/.exec(output)?.[1];
        const email = /E-mail +(\S+@\S+)/.exec(output)?.[1];
        const password = /Password +(\S+)/.exec(output)?.[1];
        const token = /Token +(\S+)/.exec(output)?.[1];
        return url && email && password && token ? { url, email, password, token } : null;
      },
      'the printed credentials',
      read,
    );
    expect(printed.url).toBe(`http://localhost:${port}`);
    expect(output).toContain(`Local Storyblok on http://127.0.0.1:${storyblokPort}`);
    expect(output).toContain(`Local OpenAI on http://127.0.0.1:${openAiPort}/v1`);
    expect(output).toContain(`Local Stripe on http://127.0.0.1:${stripePort}`);
    const polyblokPid = Number(readFileSync(path.join(folder, 'pglite.lock'), 'utf8'));
    expect(isAlive(polyblokPid)).toBe(true);

    const signIn = await fetch(`${printed.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: printed.email, password: printed.password }),
    });
    expect(signIn.status).toBe(200);
    const session = authSessionSchema.parse(await signIn.json());
    const client = createApiClient({ baseUrl: printed.url, getAccessToken: () => session.access_token });

    const me = meResponseSchema.parse(await client.call('getMe', {}));
    expect(me.email).toBe(printed.email);
    expect(me.spaces).toHaveLength(1);
    const [space] = me.spaces;
    expect(space).toMatchObject({ name: 'Polyblok demo', sync_batch_id: null, pivot: { role: 'owner' } });
    expect(space!.synced_at).not.toBeNull();
    expect(space!.space_locales.length).toBeGreaterThan(0);
    expect(space!.translatable_keys_count).toBeGreaterThan(0);
    // The demo's AI allowance covers translating its folders, not the 1,000 words of a space without a plan.
    const settings = await client.call('getSpaceSettings', { params: { id: space!.id } });
    expect(settings.ai_usage.daily_words).toBeGreaterThanOrEqual(1_000_000);

    // The printed token is the local Storyblok's: it offers the connected space and the one left to add.
    const available = await client.call('listAvailableSpaces', { body: { personal_access_token: printed.token } });
    expect(available.map((entry) => [entry.name, entry.already_associated])).toEqual(
      expect.arrayContaining([
        ['Polyblok demo', true],
        ['Second demo space', false],
      ]),
    );

    // AI translation goes to the local OpenAI, whose made-up translation starts with the language.
    const de = space!.space_locales.find((locale) => locale.code === 'de')!;
    const root = await client.call('getRootFolder', { query: { locale: 'de', space_id: space!.id } });
    const story = root.stories.find((entry) => !entry.is_folder)!;
    const detail = await client.call('getStory', { params: { storyId: story.id }, query: { locale: 'de' } });
    const key = detail.translatable_keys.find((entry) => entry.field_type === 'text')!;
    const translated = await client.call('aiTranslate', {
      body: { key: key.key, space_locale_id: de.id, story_id: story.id, value: key.value_text, target_locale: 'de' },
    });
    expect(translated.content).toMatch(/^\[de\] /);

    // The published-content link of the editor asks the local Storyblok, which serves the story there.
    expect(space!.cdn_url).toBe(`http://127.0.0.1:${storyblokPort}/${space!.region}/v2/cdn`);
    const preview = new URL(`${space!.cdn_url}/stories/${story.full_slug}`);
    preview.search = new URLSearchParams({ token: space!.preview_token!, version: 'draft', language: 'de' }).toString();
    const delivered = await fetch(preview);
    expect(delivered.status).toBe(200);
    expect(((await delivered.json()) as { story: { full_slug: string } }).story.full_slug).toContain(story.full_slug);

    // The demo space subscribes on the local Stripe's checkout page; its webhooks reach the demo's Polyblok.
    const { url: checkout } = await client.call('startCheckout', { params: { id: space!.id } });
    expect(checkout.startsWith(`http://127.0.0.1:${stripePort}/checkout/`)).toBe(true);
    const paid = await fetch(checkout, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const subscribed = (await client.call('getMe', {})).spaces.find((entry) => entry.id === space!.id)!;
    expect(subscribed.subscription).toMatchObject({ price: 49, status: 'active' });
    expect(subscribed.billing_portal_url).not.toBeNull();

    child.kill('SIGINT');
    expect(await exited, output).toBe(0);
    expect(output).toContain('Polyblok stopped.');
    expect(isAlive(polyblokPid)).toBe(false);
    // A clean stop closed the database (its lock is gone), and every server let go of its port.
    expect(existsSync(path.join(folder, 'pglite.lock'))).toBe(false);
    await expect(fetch(`${printed.url}/api/health`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${storyblokPort}/v1/spaces`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${openAiPort}/v1/models`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${stripePort}/__fake/events`)).rejects.toThrow();
  });
});
