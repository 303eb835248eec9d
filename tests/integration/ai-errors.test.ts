import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '#kit/api/api-client.ts';
import { createAiTranslateJob } from '#server/features/ai/index.ts';
import { givenUpError } from '#server/jobs/given-up.ts';
import { recordGivenUp } from '#server/jobs/run-attempt.ts';
import { createLogger } from '#server/logger.ts';
import type { FakeFailureInput } from '#tests/fakes/openai/failures.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { startedRun } from '#contract/folder-run-rules.ts';
import { until as waitUntil } from '#tests/support/until.ts';

// What the model's refusals and failures look like to the people who meet them: the AI button's answer, a
// failed ask on a key, a folder run. The local OpenAI answers each one exactly as OpenAI does.

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let frId: number;
let homeId: number;

const stopped = 'AI translation is stopped until then: trying again cannot help.';
const permanent: Array<{ failure: FakeFailureInput; message: string }> = [
  {
    failure: { kind: 'quota_exceeded' },
    message: `The AI model's account has run out of credit (insufficient_quota). Whoever runs this Polyblok must add credit or check the plan and billing at the model provider. ${stopped}`,
  },
  {
    failure: { kind: 'billing_hard_limit' },
    message: `The AI model's account has reached its billing limit or is not active (billing_hard_limit_reached). Whoever runs this Polyblok must raise the limit or check the billing at the model provider. ${stopped}`,
  },
  {
    failure: { kind: 'billing_not_active' },
    message: `The AI model's account has reached its billing limit or is not active (billing_not_active). Whoever runs this Polyblok must raise the limit or check the billing at the model provider. ${stopped}`,
  },
  {
    failure: { kind: 'invalid_api_key' },
    message: `The model provider refused Polyblok's API key (invalid_api_key). Whoever runs this Polyblok must set a valid OPENAI_API_KEY and restart it. ${stopped}`,
  },
  {
    failure: { kind: 'model_not_found' },
    message: `The AI model "gpt-4o-mini" does not exist, or Polyblok's API key may not use it (model_not_found). Whoever runs this Polyblok must set OPENAI_MODEL to a model the key can use. ${stopped}`,
  },
];

const story = () => api.call('getStory', { params: { storyId: homeId }, query: { locale: 'fr' } });
const wordsUsed = async () =>
  (await server.prisma.aiUsage.findFirst({ where: { spaceId }, select: { words: true } }))?.words ?? 0;

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => waitUntil(read, done, { timeoutMs: 15_000 });

/** The AI button in the editor: its error as the browser's API client sees it. */
async function aiButton(): Promise<ApiError | { content: unknown }> {
  const headline = (await story()).translatable_keys.find((key) => key.field.startsWith('headline'))!;
  return api
    .call('aiTranslate', {
      body: { key: headline.key, space_locale_id: frId, value: 'Hello world', target_locale: 'fr' },
    })
    .catch((error: unknown) => error as ApiError);
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'ai-errors' });
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      OPENAI_API_KEY: 'local-key',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_MODEL: 'gpt-4o-mini',
      AI_DAILY_WORDS_WITHOUT_PLAN: '1000',
    },
  });
  ({ api, spaceId } = await connectBasicSpace(server, 'ai-errors'));
  frId = (await api.call('getMe', {})).spaces[0]!.space_locales.find((locale) => locale.code === 'fr')!.id;
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    })
  ).id;
});

beforeEach(async () => {
  await server.prisma.translation.deleteMany({ where: { spaceLocaleId: frId } });
  await server.prisma.translationAsk.deleteMany({});
  await server.prisma.aiUsage.deleteMany({});
  openai.clearRequests();
  openai.clearFailures();
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe.each(permanent)('the model answering $failure.kind', ({ failure, message }) => {
  it('the AI button says why and what to do, asks the model once and charges nothing', async () => {
    openai.queueFailures([{ ...failure, count: 5 }]);
    const answer = await aiButton();
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ code: 'ai_unavailable', message });
    expect(openai.requests()).toHaveLength(1);
    expect(await wordsUsed()).toBe(0);
  });

  it('an AI ask fails at once with the same words, and its words come back', async () => {
    openai.queueFailures([{ ...failure, count: 5 }]);
    const key = (await story()).translatable_keys[0]!;
    await api.call('createTranslationAsks', { body: { translatable_key_ids: [key.id], space_locale_id: frId } });
    const detail = await until(story, (read) => read.counts.requested === 0);
    expect(detail.translatable_keys.find((row) => row.id === key.id)).toMatchObject({
      status: 'missing',
      ask_error: message,
    });
    expect(openai.requests()).toHaveLength(1);
    expect(await wordsUsed()).toBe(0);
  });
});

describe('a folder run meeting an account out of credit', () => {
  it('ends with every key failed for that reason, one model request per story, nothing charged', async () => {
    openai.queueFailures([{ kind: 'quota_exceeded', count: 50 }]);
    const started = startedRun(
      await api.call('translateFolder', { body: { space_id: spaceId, space_locale_id: frId } }),
    );
    expect(started.total).toBeGreaterThan(1);
    const run = await until(
      () => api.call('getTranslationBatch', { params: { batchId: started.id } }),
      (batch) => batch.status !== 'running',
    );
    expect(run).toMatchObject({ status: 'completed', done: 0, failed: started.total, error: permanent[0]!.message });
    const errors = await server.prisma.translationAsk.findMany({
      where: { batchId: started.id },
      select: { error: true },
      distinct: ['error'],
    });
    expect(errors).toEqual([{ error: permanent[0]!.message }]);
    const stories = await server.prisma.translationAsk.findMany({
      where: { batchId: started.id },
      select: { translatableKey: { select: { storyId: true } } },
      distinct: ['translatableKeyId'],
    });
    expect(openai.requests().length).toBe(new Set(stories.map((ask) => ask.translatableKey.storyId)).size);
    expect(await wordsUsed()).toBe(0);
  });
});

describe('passing trouble', () => {
  it('an ask whose retries ran out on a busy model fails with that reason, and holds its words no more', async () => {
    const key = (await story()).translatable_keys[0]!;
    const batch = await server.prisma.translationBatch.create({
      data: { spaceId, spaceLocaleId: frId, scope: 'keys', status: 'running', total: 1 },
      select: { id: true },
    });
    await server.prisma.translationAsk.create({
      data: { translatableKeyId: key.id, spaceLocaleId: frId, batchId: batch.id, status: 'running' },
    });
    const busy = 'The AI model is busy right now (its rate limit was reached). Please try again in a minute.';
    // What the queue hands over when the job's last retry met the busy model: the error as it stored it.
    const job = createAiTranslateJob({ prisma: server.prisma, translator: null, wordsWithoutPlan: 1000 });
    await recordGivenUp(
      job,
      { batchId: batch.id, storyId: homeId, spaceLocaleId: frId, spaceId },
      givenUpError({ name: 'AiUnavailableError', code: 'ai_unavailable', message: busy }),
      {
        jobId: 'given-up',
        retryCount: 3,
        signal: new AbortController().signal,
        logger: createLogger({ level: 'silent' }),
        send: () => Promise.resolve(null),
      },
      server.prisma,
    );
    const detail = await story();
    expect(detail.translatable_keys.find((row) => row.id === key.id)).toMatchObject({ ask_error: busy });
    expect(await api.call('getTranslationBatch', { params: { batchId: batch.id } })).toMatchObject({
      status: 'completed',
      failed: 1,
      error: busy,
    });
    expect(await wordsUsed()).toBe(0);
    expect((await api.call('getSpaceSettings', { params: { id: spaceId } })).ai_usage.words_reserved).toBe(0);
  });

  it('a rate limit is retried by itself; one that lasts says the model is busy, charging nothing', async () => {
    openai.queueFailures([{ kind: 'rate_limit', count: 2, retryAfterSeconds: 0 }]);
    expect(await aiButton()).toMatchObject({ content: '[fr] olleH dlrow' });
    // The answer, after two refusals, then its scoring.
    expect(openai.requests().map((request) => request.status)).toEqual([429, 429, 200, 200]);
    await server.prisma.aiUsage.deleteMany({});

    openai.clearRequests();
    openai.queueFailures([{ kind: 'rate_limit', count: 3, retryAfterSeconds: 0 }]);
    expect(await aiButton()).toMatchObject({
      code: 'ai_unavailable',
      message: 'The AI model is busy right now (its rate limit was reached). Please try again in a minute.',
    });
    // The test server allows two retries.
    expect(openai.requests()).toHaveLength(3);
    expect(await wordsUsed()).toBe(0);
  });

  it('an outage or a dropped connection is retried, then said to be one', async () => {
    openai.queueFailures([{ kind: 'server_error', count: 3, status: 503 }]);
    expect(await aiButton()).toMatchObject({
      code: 'ai_unavailable',
      message: 'The AI model could not answer (503). Please try again in a few minutes.',
    });
    openai.queueFailures([{ kind: 'disconnect', count: 3 }]);
    expect(await aiButton()).toMatchObject({
      code: 'ai_unavailable',
      message: 'The AI model could not be reached. Please try again in a few minutes.',
    });
    expect(openai.requests()).toHaveLength(6);
    expect(await wordsUsed()).toBe(0);
  });
});
