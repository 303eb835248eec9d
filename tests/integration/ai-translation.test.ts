import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { isFolderRunEstimate, startedRun } from '#contract/folder-run-rules.ts';

let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let api: ApiClient;
let spaceId: number;
let frId: number;
let homeId: number;

const DAILY_WORDS = 40;
const story = (locale = 'fr') => api.call('getStory', { params: { storyId: homeId }, query: { locale } });
const wordsUsed = async () =>
  (await server.prisma.aiUsage.findFirst({ where: { spaceId }, select: { words: true } }))?.words ?? 0;

async function untilAsksDone(locale = 'fr') {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const detail = await story(locale);
    if (detail.counts.requested === 0) return detail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('asks did not finish');
}

async function resetFrench() {
  await server.prisma.translation.deleteMany({ where: { spaceLocaleId: frId } });
  await server.prisma.translationAsk.deleteMany({});
  await server.prisma.aiUsage.deleteMany({});
  openai.clearRequests();
  openai.clearFailures();
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'ai-test' });
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      OPENAI_API_KEY: 'local-key',
      OPENAI_BASE_URL: openai.baseUrl,
      AI_DAILY_WORDS_WITHOUT_PLAN: String(DAILY_WORDS),
    },
  });
  ({ api, spaceId } = await connectBasicSpace(server, 'ai'));
  frId = (await api.call('getMe', {})).spaces[0]!.space_locales.find((locale) => locale.code === 'fr')!.id;
  homeId = (
    await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, storyblokId: BigInt(basicFixture.stories.home) },
    })
  ).id;
  await server.prisma.glossaryTerm.create({
    data: { spaceId, translatable: 'blog', translated: 'Weblog', isGlobal: true },
  });
});

beforeEach(resetFrench);

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('AI asks', () => {
  it('translates a whole story’s keys in one model request, keeping richtext marks and applying the glossary', async () => {
    const keys = (await story()).translatable_keys;
    const asked = await api.call('createTranslationAsks', {
      body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: frId },
    });
    expect(asked.asked).toBe(keys.length);
    const done = await untilAsksDone();
    expect(done.translatable_keys.every((key) => key.status === 'unverified' && key.ask_error === null)).toBe(true);
    expect(done.translatable_keys[0]!.translated_key_value).toBe('[fr] emocleW');
    const text = done.translatable_keys.find((key) => key.field_type === 'richtext')!;
    // "Read the <bold+link>blog</bold+link>": the linked word is the glossary term and keeps both marks.
    const linked = (
      text.translated_key_value as {
        content: Array<{ content: Array<{ text: string; marks?: Array<{ type: string }> }> }>;
      }
    ).content[0]!.content.find((node) => node.marks);
    expect(linked).toMatchObject({ text: 'Weblog', marks: [{ type: 'bold' }, { type: 'link' }] });

    // One request translated the story; one more scored what it translated.
    const requests = openai.requests().filter((request) => request.status === 200 && request.translationRequest);
    expect(requests).toHaveLength(1);
    expect(openai.requests().filter((request) => request.status === 200)).toHaveLength(2);
    expect(requests[0]!.translationRequest?.glossary).toEqual([
      expect.objectContaining({ term: 'blog', translation: 'Weblog' }),
    ]);
    expect(requests[0]!.translationRequest?.target_language).toEqual({ code: 'fr', name: expect.any(String) });
    expect(await wordsUsed()).toBe(asked.words);
  });

  it('sends the model no invisible character of the source, and stores none in the translation', async () => {
    const key = (await story()).translatable_keys.find((item) => item.field_type === 'text')!;
    const hidden = `\u200b${key.value_text}\u2060\ufeff`;
    await server.prisma.translatableKey.update({ where: { id: key.id }, data: { value: hidden, valueText: hidden } });
    try {
      await api.call('createTranslationAsks', { body: { translatable_key_ids: [key.id], space_locale_id: frId } });
      const done = (await untilAsksDone()).translatable_keys.find((item) => item.id === key.id)!;
      const sent = openai.requests().flatMap((request) => request.translationRequest?.items ?? []);
      expect(sent.map((item) => item.text)).toEqual([key.value_text]);
      expect(done.translated_key_value_text).toMatch(/^\[fr\] /);
      expect(done.translated_key_value_text).not.toMatch(/[\u200b\u2060\ufeff]/);
    } finally {
      await server.prisma.translatableKey.update({
        where: { id: key.id },
        data: { value: key.value as string, valueText: key.value_text },
      });
    }
  });

  it('retries an answer whose markers broke, and still loses nothing', async () => {
    openai.queueFailures([{ kind: 'break_markers', count: 1 }]);
    const text = (await story()).translatable_keys.find((key) => key.field_type === 'richtext')!;
    await api.call('createTranslationAsks', { body: { translatable_key_ids: [text.id], space_locale_id: frId } });
    const done = await untilAsksDone();
    expect(done.translatable_keys.find((key) => key.id === text.id)).toMatchObject({
      status: 'unverified',
      ask_error: null,
    });
    expect(openai.requests().filter((request) => request.status === 200 && request.translationRequest)).toHaveLength(2);
  });

  it('reports a key the model keeps dropping, gives its words back, and keeps the others', async () => {
    openai.queueFailures([{ kind: 'drop_keys', count: 2, keys: ['k0'] }]);
    const keys = (await story()).translatable_keys.filter((key) => key.field_type === 'text');
    const asked = await api.call('createTranslationAsks', {
      body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: frId },
    });
    const done = await untilAsksDone();
    const [first, second] = keys.map((key) => done.translatable_keys.find((row) => row.id === key.id)!);
    expect(first).toMatchObject({
      status: 'missing',
      has_translation_ask: false,
      ask_error: expect.stringMatching(/^AI translation failed: the model gave no translation/),
    });
    expect(second).toMatchObject({ status: 'unverified', ask_error: null });
    expect(await wordsUsed()).toBe(asked.words - keys[0]!.word_count);
  });

  it('rides out a 429 from the model', async () => {
    openai.queueFailures([{ kind: 'rate_limit', count: 1, retryAfterSeconds: 0 }]);
    const key = (await story()).translatable_keys[0]!;
    await api.call('createTranslationAsks', { body: { translatable_key_ids: [key.id], space_locale_id: frId } });
    expect((await untilAsksDone()).translatable_keys[0]).toMatchObject({ status: 'unverified' });
  });

  it('refuses asks over the daily allowance and charges nothing', async () => {
    const keys = (await story()).translatable_keys;
    const total = keys.reduce((sum, key) => sum + key.word_count, 0);
    await server.prisma.aiUsage.create({
      data: { spaceId, day: new Date(new Date().toISOString().slice(0, 10)), words: DAILY_WORDS - total + 1 },
    });
    const error = await api
      .call('createTranslationAsks', {
        body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: frId },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'quota_exceeded', status: 429 });
    expect((error as ApiError).message).toMatch(/allowance of 40 words/);
    expect(await wordsUsed()).toBe(DAILY_WORDS - total + 1);
    expect((await story()).counts.requested).toBe(0);
    expect(openai.requests()).toHaveLength(0);
  });
});

describe('AI translate in the editor', () => {
  it('answers a translation without saving it, and charges its words', async () => {
    const headline = (await story('de')).translatable_keys.find((key) => key.field.startsWith('headline'))!;
    const deId = (await api.call('getMe', {})).spaces[0]!.space_locales.find((locale) => locale.code === 'de')!.id;
    const answer = await api.call('aiTranslate', {
      body: { key: headline.key, space_locale_id: deId, value: 'Hello world', target_locale: 'de' },
    });
    expect(answer.content).toBe('[de] olleH dlrow');
    expect((await story('de')).translatable_keys.find((key) => key.id === headline.id)!.translated_key_value).toBe(
      'Hallo Welt',
    );
    expect(await wordsUsed()).toBe(2);
  });
});

describe('translating a folder with AI', () => {
  const runOf = (batchId: string) => api.call('getTranslationBatch', { params: { batchId } });

  it('asks for every missing key in the folder’s subtree, with progress to the end', async () => {
    const blog = await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, name: 'Blog', isFolder: true },
      select: { id: true },
    });
    const started = startedRun(
      await api.call('translateFolder', {
        body: { space_id: spaceId, folder_id: blog.id, space_locale_id: frId },
      }),
    );
    // First post and the draft have no French title; the blog index's French title is empty in Storyblok.
    expect(started).toMatchObject({ scope: 'folder', status: 'running', total: 3, done: 0 });
    let run = started;
    for (let attempt = 0; attempt < 150 && run.status === 'running'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await runOf(started.id);
    }
    expect(run).toMatchObject({ status: 'completed', done: 3, failed: 0 });
    expect(run.finished_at).not.toBeNull();
    const translated = await server.prisma.translation.findMany({
      where: { spaceLocaleId: frId, origin: 'ai' },
      select: { translatableKey: { select: { wordCount: true } } },
    });
    expect(translated).toHaveLength(3);
    // Progress in words: the source words of the keys asked, all translated by the end.
    const words = translated.reduce((sum, row) => sum + row.translatableKey.wordCount, 0);
    expect(words).toBeGreaterThan(3);
    expect(started).toMatchObject({ words_total: words, words_done: 0 });
    expect(run).toMatchObject({ words_total: words, words_done: words });
  });

  it('says what a run would take before it starts, charging nothing, and the run then takes that', async () => {
    const blog = await server.prisma.storyNode.findFirstOrThrow({
      where: { spaceId, name: 'Blog', isFolder: true },
      select: { id: true },
    });
    const body = { space_id: spaceId, folder_id: blog.id, space_locale_id: frId };
    const runsBefore = await server.prisma.translationBatch.count({ where: { spaceId } });
    const estimate = await api.call('translateFolder', { body: { ...body, dry_run: true } });
    expect(isFolderRunEstimate(estimate)).toBe(true);
    // The three keys of three stories missing in French: one model request a story, and one scoring it.
    expect(estimate).toMatchObject({ keys: 3, model_requests: 6, memory_reused: 0 });
    expect(estimate).toMatchObject({ quota_left_after: DAILY_WORDS - (estimate as { words: number }).words });
    expect(await server.prisma.translationBatch.count({ where: { spaceId } })).toBe(runsBefore);
    expect(await server.prisma.translationAsk.count()).toBe(0);
    expect(openai.requests()).toHaveLength(0);
    expect(await wordsUsed()).toBe(0);

    let run = startedRun(await api.call('translateFolder', { body }));
    const { words } = estimate as { words: number };
    expect(run).toMatchObject({ total: 3, words_total: words });
    for (let attempt = 0; attempt < 150 && run.status === 'running'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await runOf(run.id);
    }
    expect(run.status).toBe('completed');
    expect(openai.requests()).toHaveLength(6);
    // Done, the folder has nothing left, and what the run charged is gone from the words left.
    const after = await api.call('translateFolder', { body: { ...body, dry_run: true } });
    expect(after).toEqual({
      keys: 0,
      words: 0,
      model_requests: 0,
      memory_reused: 0,
      quota_left_after: DAILY_WORDS - words,
    });
  });

  it('refuses a dry run for a folder that is not in the space', async () => {
    const gone = await api
      .call('translateFolder', {
        body: { space_id: spaceId, folder_id: 2_000_000_000, space_locale_id: frId, dry_run: true },
      })
      .catch((error: unknown) => error);
    expect(gone).toMatchObject({ status: 404, code: 'not_found' });
    expect(await server.prisma.translationBatch.count({ where: { spaceId, status: 'running' } })).toBe(0);
  });

  it('stops on cancel: keys not yet under way are no longer asked and their words come back', async () => {
    openai.queueFailures([{ kind: 'slow', count: 5, ms: 1500 }]);
    const reserved = async () =>
      (await api.call('getSpaceSettings', { params: { id: spaceId } })).ai_usage.words_reserved;
    const started = startedRun(
      await api.call('translateFolder', { body: { space_id: spaceId, space_locale_id: frId } }),
    );
    expect(started.total).toBeGreaterThan(3);
    const held = await reserved();
    expect(held).toBeGreaterThan(0);
    const cancelled = await api.call('cancelTranslationBatch', { params: { batchId: started.id } });
    expect(cancelled.status).toBe('cancelled');
    expect(await server.prisma.translationAsk.count({ where: { batchId: started.id, status: 'pending' } })).toBe(0);
    expect(await reserved()).toBeLessThan(held);
    // The stories already with the model finish; the run stays cancelled.
    for (
      let attempt = 0;
      attempt < 60 && (await server.prisma.translationAsk.count({ where: { batchId: started.id } })) > 0;
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await runOf(started.id)).status).toBe('cancelled');
    const translated = await server.prisma.translation.findMany({
      where: { spaceLocaleId: frId, origin: 'ai' },
      select: { translatableKey: { select: { wordCount: true } } },
    });
    expect(translated.length).toBeLessThan(started.total);
    // What the stories already with the model translated is charged, and nothing else.
    expect(await wordsUsed()).toBe(translated.reduce((sum, row) => sum + row.translatableKey.wordCount, 0));
    expect(await reserved()).toBe(0);
  });
});
