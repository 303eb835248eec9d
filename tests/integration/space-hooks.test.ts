import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#kit/api/api-client.ts';
import { createApiClient } from '#kit/api/api-client.ts';
import type { SpaceHook } from '#contract/space-hooks.ts';
import { createSecretBox } from '#server/crypto/secret-box.ts';
import { AppError } from '#server/errors.ts';
import { attemptDelivery } from '#server/features/space-hooks/hook-delivery.ts';
import { createHook } from '#server/features/space-hooks/hooks.service.ts';
import { sendDueHookEvents } from '#server/features/space-hooks/index.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startHookReceiver, type HookReceiver } from '#tests/support/hook-receiver.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let receiver: HookReceiver;
let owner: ApiClient;
let spaceId: number;
let homeId: number;
let hook: SpaceHook;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new account with the role in the space. */
async function member(role: 'admin' | 'editor' | 'translator'): Promise<ApiClient> {
  const session = await createAccount(server, uniqueEmail(`hooks-${role}`));
  await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
}

const homeStory = (locale: string) => owner.call('getStory', { params: { storyId: homeId }, query: { locale } });
type Key = Awaited<ReturnType<typeof homeStory>>['translatable_keys'][number];

const save = (key: Key, localeId: number, value: unknown) =>
  owner.call('saveTranslation', {
    body: {
      key: key.key,
      story_id: homeId,
      space_locale_id: localeId,
      field_type: key.field_type,
      value: value as string,
    },
  });

/** The events recorded for the hook, of one type: the triggers write them in the transaction of the change. */
const recorded = (event: string) => server.prisma.hookDelivery.count({ where: { hookId: hook.id, event } });

const deliveries = (hookId = hook.id) =>
  owner.call('listHookDeliveries', { params: { id: spaceId, hookId } }).then((answer) => answer.deliveries);

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'hooks-test' });
  receiver = await startHookReceiver();
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'hooks'));
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
      select: { id: true },
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('registering hooks', () => {
  it('lets an admin add a hook, which listens to every event and comes with its secret', async () => {
    hook = await owner.call('createSpaceHook', { params: { id: spaceId }, body: { url: receiver.url } });
    expect(hook).toMatchObject({
      url: receiver.url,
      events: [
        'story.language_completed',
        'story.language_verified',
        'write_back.failed',
        'sync.finished',
        'ai_run.finished',
      ],
      active: true,
      secret: expect.stringMatching(/^pbwh_[A-Za-z0-9_-]{32}$/),
      last_delivery: null,
    });
    // The secret is stored sealed, never as it is shown.
    const row = await server.prisma.spaceHook.findUniqueOrThrow({
      where: { id: hook.id },
      select: { secretEncrypted: true },
    });
    expect(row.secretEncrypted).not.toContain(hook.secret);

    const admin = await member('admin');
    expect((await admin.call('listSpaceHooks', { params: { id: spaceId } })).hooks).toEqual([hook]);
  });

  it('refuses editors and translators, and answers 404 for a space the caller is not in', async () => {
    for (const role of ['editor', 'translator'] as const) {
      const api = await member(role);
      expect(await failure(api.call('listSpaceHooks', { params: { id: spaceId } }))).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
      expect(
        await failure(api.call('createSpaceHook', { params: { id: spaceId }, body: { url: receiver.url } })),
      ).toMatchObject({ status: 403 });
      expect(await failure(api.call('sendHookTestEvent', { params: { id: spaceId, hookId: hook.id } }))).toMatchObject({
        status: 403,
      });
      expect(await failure(api.call('deleteSpaceHook', { params: { id: spaceId, hookId: hook.id } }))).toMatchObject({
        status: 403,
      });
    }
    const outsider = await createAccount(server, uniqueEmail('hooks-outsider'));
    const api = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => outsider.access_token });
    expect(await failure(api.call('listSpaceHooks', { params: { id: spaceId } }))).toMatchObject({ status: 404 });
    expect(await server.prisma.spaceHook.count({ where: { spaceId } })).toBe(1);
  });

  it('answers 404 for another space’s hook, whatever the caller may do in their own', async () => {
    const session = await createAccount(server, uniqueEmail('hooks-elsewhere'));
    const elsewhere = await server.prisma.space.create({
      data: {
        name: 'Elsewhere',
        storyblokSpaceId: BigInt(990_002),
        region: 'eu',
        memberships: { create: { userId: session.user.id, role: 'owner', status: 'joined' } },
      },
      select: { id: true },
    });
    const theirs = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
    const other = await theirs.call('createSpaceHook', { params: { id: elsewhere.id }, body: { url: receiver.url } });
    const params = { id: spaceId, hookId: other.id };
    // One after another: calls started together would reject while an earlier one is awaited, unhandled.
    for (const call of [
      () => owner.call('updateSpaceHook', { params, body: { active: false } }),
      () => owner.call('deleteSpaceHook', { params }),
      () => owner.call('listHookDeliveries', { params }),
      () => owner.call('sendHookTestEvent', { params }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await theirs.call('listSpaceHooks', { params: { id: elsewhere.id } })).hooks).toEqual([other]);
    expect(await server.prisma.hookDelivery.count({ where: { hookId: other.id } })).toBe(0);
    await server.prisma.space.delete({ where: { id: elsewhere.id }, select: { id: true } });
  });

  it('refuses an address that is not http(s), with the reason, and saves nothing', async () => {
    for (const url of ['ftp://example.com/hook', 'not an address', 'https://user:pass@example.com/hook']) {
      expect(await failure(owner.call('createSpaceHook', { params: { id: spaceId }, body: { url } }))).toMatchObject({
        status: 400,
        code: 'hook_url_not_allowed',
        message: expect.any(String),
      });
    }
    expect(
      await failure(
        owner.call('updateSpaceHook', {
          params: { id: spaceId, hookId: hook.id },
          body: { url: 'file:///etc/passwd' },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'hook_url_not_allowed' });
    expect(
      await failure(
        owner.call('createSpaceHook', {
          params: { id: spaceId },
          body: { url: receiver.url, events: ['story.renamed' as 'sync.finished'] },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((await owner.call('listSpaceHooks', { params: { id: spaceId } })).hooks).toHaveLength(1);
  });
});

describe('deliveries', () => {
  it('sends a test event signed with the hook’s secret: HMAC-SHA256 of the body, a timestamp and the event id', async () => {
    const queued = await owner.call('sendHookTestEvent', { params: { id: spaceId, hookId: hook.id } });
    expect(queued).toMatchObject({ event: 'ping', status: 'pending', attempts: 0 });

    const ping = await receiver.next('ping');
    const timestamp = ping.headers['polyblok-timestamp'] as string;
    const expected = createHmac('sha256', hook.secret).update(ping.raw).digest('hex');
    expect(ping.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Polyblok-Webhooks',
      'polyblok-event-id': queued.id,
      'polyblok-signature': `t=${timestamp},v1=${expected}`,
    });
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(ping.body).toEqual({
      id: queued.id,
      type: 'ping',
      created_at: queued.created_at,
      space: { id: spaceId, name: expect.any(String) },
      data: { hook: { id: hook.id, url: receiver.url }, message: expect.any(String) },
    });

    const [delivered] = await until(deliveries, (list) => list[0]?.status === 'delivered');
    expect(delivered).toMatchObject({ id: queued.id, attempts: 1, last_status_code: 200, last_error: null });
    const [listed] = (await owner.call('listSpaceHooks', { params: { id: spaceId } })).hooks;
    expect(listed!.last_delivery).toEqual({
      status: 'delivered',
      status_code: 200,
      attempts: 1,
      at: queued.created_at,
    });
  });

  it('retries a delivery the receiver refused, with the same event id, until it goes', async () => {
    receiver.answerWith(500);
    const before = receiver.ofType('ping').length;
    const queued = await owner.call('sendHookTestEvent', { params: { id: spaceId, hookId: hook.id } });
    const [refused] = await until(deliveries, (list) => list[0]?.id === queued.id && list[0].attempts === 1);
    expect(refused).toMatchObject({
      status: 'pending',
      last_status_code: 500,
      last_error: 'The receiver answered 500.',
    });
    // The first retry waits a minute.
    const wait = Date.parse(refused!.next_attempt_at!) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    // The minute passes (as the sweep would find it then).
    await server.prisma.hookDelivery.update({ where: { id: queued.id }, data: { nextAttemptAt: new Date() } });
    await sendDueHookEvents({ prisma: server.prisma, queue: server.queue }, spaceId);
    const [delivered] = await until(deliveries, (list) => list[0]?.status === 'delivered');
    expect(delivered).toMatchObject({ id: queued.id, attempts: 2, last_status_code: 200, next_attempt_at: null });
    const attempts = receiver.ofType('ping').slice(before);
    expect(attempts.map((hit) => hit.headers['polyblok-event-id'])).toEqual([queued.id, queued.id]);
  });

  it('delivers to a host name, connecting to the address it resolved and checked', async () => {
    const named = await owner.call('createSpaceHook', {
      params: { id: spaceId },
      body: { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['sync.finished'] },
    });
    const queued = await owner.call('sendHookTestEvent', { params: { id: spaceId, hookId: named.id } });
    const [delivered] = await until(
      () => deliveries(named.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect(delivered).toMatchObject({ id: queued.id, last_status_code: 200 });
    await owner.call('deleteSpaceHook', { params: { id: spaceId, hookId: named.id } });
    expect(await server.prisma.hookDelivery.count({ where: { hookId: named.id } })).toBe(0);
  });

  it('keeps the last 50 deliveries of a hook', async () => {
    const old = new Date(Date.now() - 3600_000);
    await server.prisma.hookDelivery.createMany({
      data: Array.from({ length: 55 }, (_, index) => ({
        id: crypto.randomUUID(),
        hookId: hook.id,
        spaceId,
        event: 'ping',
        payload: {},
        status: 'delivered' as const,
        attempts: 1,
        createdAt: new Date(old.getTime() + index),
      })),
    });
    const queued = await owner.call('sendHookTestEvent', { params: { id: spaceId, hookId: hook.id } });
    await until(deliveries, (list) => list[0]?.id === queued.id && list[0].status === 'delivered');
    expect(await server.prisma.hookDelivery.count({ where: { hookId: hook.id } })).toBe(50);
  });
});

describe('events', () => {
  let keys: Key[];
  let localeId: number;
  let last: Key;

  it('tells when a language of a story becomes complete, once, on the save that completes it', async () => {
    const story = await homeStory('de');
    localeId = story.space_locale_id;
    keys = story.translatable_keys;
    // The last key is one with a text value, so removing its translation (an empty value) is a plain save.
    last = keys.find((key) => typeof key.value === 'string')!;
    if (last.translated_key_value !== null) await save(last, localeId, '');
    for (const key of keys) if (key !== last && key.translated_key_value === null) await save(key, localeId, key.value);
    expect(await recorded('story.language_completed')).toBe(0);

    await save(last, localeId, 'Letzter Schlüssel');
    const completed = await receiver.next('story.language_completed');
    expect(completed.body).toMatchObject({ type: 'story.language_completed', space: { id: spaceId } });
    expect(completed.body.data).toEqual({
      story: { id: homeId, storyblok_id: basicFixture.stories.home, name: 'Home', full_slug: 'home' },
      locale: { id: localeId, code: 'de', name: expect.any(String) },
      counts: { keys: keys.length, translated: keys.length, verified: expect.any(Number) },
    });

    // Saving again in a complete language is no news.
    await save(last, localeId, 'Der letzte Schlüssel');
    expect(await recorded('story.language_completed')).toBe(1);
  });

  it('tells when every key of the language is verified, once', async () => {
    const refs = keys.map((key) => ({ key: key.key, story_id: homeId, space_locale_id: localeId }));
    await owner.call('markAsVerified', { body: refs });
    const verified = await receiver.next('story.language_verified');
    expect(verified.body.data).toMatchObject({
      story: { id: homeId },
      locale: { code: 'de' },
      counts: { keys: keys.length, translated: keys.length, verified: keys.length },
    });
    await owner.call('markAsVerified', { body: refs });
    expect(await recorded('story.language_verified')).toBe(1);
  });

  it('does not make the save wait for a receiver that hangs', async () => {
    receiver.hold();
    try {
      const before = receiver.received.length;
      // The language becomes incomplete, then complete again: a second completion.
      await save(last, localeId, '');
      await save(last, localeId, 'Wieder vollständig');
      expect(await recorded('story.language_completed')).toBe(2);
      // The save has answered; the receiver still holds the event's request, unanswered.
      const held = await receiver.next('story.language_completed', 1);
      expect(receiver.received.length).toBeGreaterThan(before);
      expect(held.answered).toBe(false);
    } finally {
      receiver.release();
    }
  });

  it('tells when a sync of the space ends', async () => {
    await owner.call('startSync', { params: { id: spaceId } });
    const finished = await receiver.next('sync.finished');
    expect(finished.body.data).toMatchObject({
      run: { id: expect.any(String), trigger: 'manual', status: 'completed', error: null },
    });
  });

  it('tells when an AI run ends', async () => {
    const fr = await homeStory('fr');
    const untranslated = fr.translatable_keys.filter((key) => key.translated_key_value === null);
    const asked = await owner.call('createTranslationAsks', {
      body: { translatable_key_ids: untranslated.map((key) => key.id), space_locale_id: fr.space_locale_id },
    });
    const finished = await receiver.next('ai_run.finished');
    expect(finished.body.data).toMatchObject({
      run: { id: asked.batch_id, status: 'completed', total: untranslated.length, done: untranslated.length },
      locale: { code: 'fr' },
    });
  });

  it('tells when an AI run is cancelled', async () => {
    const run = await server.prisma.translationBatch.create({
      data: { spaceId, spaceLocaleId: localeId, scope: 'keys', status: 'running' },
      select: { id: true },
    });
    await owner.call('cancelTranslationBatch', { params: { batchId: run.id } });
    const cancelled = await receiver.next('ai_run.finished', 1, 5_000);
    expect(cancelled.body.data).toMatchObject({ run: { id: run.id, status: 'cancelled' }, locale: { code: 'de' } });
  });

  it('tells when writing a story to Storyblok fails for good', async () => {
    storyblok.revokeToken(basicFixture.pat);
    const story = await homeStory('de');
    await save(
      story.translatable_keys.find((key) => key.key === last.key)!,
      localeId,
      'Nicht geschrieben',
    );
    const failed = await receiver.next('write_back.failed', 0, 30_000);
    expect(failed.body.data).toEqual({
      story: { id: homeId, storyblok_id: basicFixture.stories.home, name: 'Home', full_slug: 'home' },
      error: expect.stringMatching(/refused the token/),
    });
  });

  it('sends nothing to a hook that is off, and only the events a hook chose', async () => {
    await owner.call('updateSpaceHook', { params: { id: spaceId, hookId: hook.id }, body: { active: false } });
    const chosen = await owner.call('createSpaceHook', {
      params: { id: spaceId },
      body: { url: receiver.url, events: ['ai_run.finished'] },
    });
    await server.prisma.syncRun.create({
      data: { spaceId, trigger: 'manual', status: 'failed', error: 'test' },
      select: { id: true },
    });
    const run = await server.prisma.syncRun.create({ data: { spaceId, trigger: 'manual' }, select: { id: true } });
    await server.prisma.syncRun.update({ where: { id: run.id }, data: { status: 'completed' }, select: { id: true } });
    expect(await server.prisma.hookDelivery.count({ where: { hookId: chosen.id } })).toBe(0);
    expect(await recorded('sync.finished')).toBe(1);
  });
});

describe('in production', () => {
  const production = () => ({
    prisma: server.prisma,
    queue: server.queue,
    secretBox: createSecretBox(server.secrets.keyRing),
    hookTargets: { publicOnly: true },
  });

  it('refuses hooks to loopback and private addresses, and plain http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      receiver.url,
    ]) {
      const refused = await createHook(production(), spaceId, { url }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'hook_url_not_allowed' });
    }
  });

  it('refuses to deliver to a loopback address at the moment of sending, whatever was registered', async () => {
    // A delivery no job holds (due in an hour), attempted as a production server attempts it.
    const id = crypto.randomUUID();
    await server.prisma.hookDelivery.create({
      data: {
        id,
        hookId: hook.id,
        spaceId,
        event: 'ping',
        payload: {},
        nextAttemptAt: new Date(Date.now() + 3600_000),
      },
      select: { id: true },
    });
    await attemptDelivery(production(), id);
    expect(
      await server.prisma.hookDelivery.findUniqueOrThrow({
        where: { id },
        select: { status: true, attempts: true, lastError: true, lastStatusCode: true },
      }),
    ).toEqual({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/127\.0\.0\.1 leads to a loopback, private or link-local address/),
      lastStatusCode: null,
    });
    expect(receiver.received.some((hit) => hit.body.id === id)).toBe(false);
  });
});
