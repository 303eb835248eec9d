import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMALITY_PENALTY, QA_PENALTY } from '#contract/ai-score-rules.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { FAKE_LOW_RATING, FAKE_RATING } from '#tests/fakes/openai/fake-score.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFailure } from '#tests/support/api-failure.ts';
import { createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { refreshCounts } from '#server/features/content/index.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { addStory } from '#tests/support/search-content.ts';
import { countsAndRecount } from '#tests/support/space-counts.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

// The AI score of AI translations: the model's second pass, combined with the checks and the style guide, stored
// with the translation until someone changes it, and the space's automatic verification that follows from it.
let storyblok: FakeStoryblok;
let openai: FakeOpenAI;
let server: TestServer;
let owner: ApiClient;
let spaceId: number;
let de: number;
let stories = 0;

const BASE = Math.min(FAKE_RATING.adequacy, FAKE_RATING.fluency);
const keysOf = async (storyId: number): Promise<TranslatableKey[]> =>
  (await owner.call('getStory', { params: { storyId }, query: { locale: 'de' } })).translatable_keys;
const keyWith = (keys: TranslatableKey[], source: string) => keys.find((key) => key.value_text === source)!;
const settings = (body: { auto_verify_min_score?: number | null }, api = owner) =>
  api.call('updateSpaceSettings', { params: { id: spaceId }, body });

/** A story of these sources, translated by an AI run to its end; answers its keys. */
async function translated(sources: string[]): Promise<{ storyId: number; keys: TranslatableKey[] }> {
  stories += 1;
  const story = await addStory(
    server.prisma,
    { spaceId, localeId: de, name: `Scored ${stories}`, slug: `scored-${stories}` },
    sources.map((text) => ({ text })),
  );
  // Written as a sync writes them, the counts as the content services keep them.
  await refreshCounts(server.prisma, spaceId, [story.id]);
  await owner.call('createTranslationAsks', { body: { translatable_key_ids: story.keyIds, space_locale_id: de } });
  let keys = await keysOf(story.id);
  for (let attempt = 0; attempt < 300 && keys.some((key) => key.status === 'translation_requested'); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    keys = await keysOf(story.id);
  }
  expect(keys.map((key) => key.status)).not.toContain('translation_requested');
  return { storyId: story.id, keys };
}

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: 'score' });
  server = await startTestServer({
    env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, OPENAI_API_KEY: 'local-key', OPENAI_BASE_URL: openai.baseUrl },
  });
  ({ api: owner, spaceId } = await connectBasicSpace(server, 'score'));
  de = (await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' }, select: { id: true } })).id;
  // Formal address; "ym" is what the local model makes of "my"; "API" is looked for inside "RAPID" too, where
  // the model (matching whole words) does not put its translation.
  await owner.call('updateStyleGuide', {
    params: { id: spaceId },
    query: { space_locale_id: de },
    body: { formality: 'formal', tone: '', avoid: ['ym'], instructions: '' },
  });
  await server.prisma.glossaryTerm.create({
    data: { spaceId, translatable: 'API', translated: 'Schnittstelle', isGlobal: true },
  });
});

afterAll(async () => {
  await server?.close();
  await openai?.close();
  await storyblok?.close();
});

describe('the AI score of AI translations', () => {
  it('is stored and answered per key, lowered by checks, glossary and formality, which its reasons name', async () => {
    openai.clearRequests();
    const { keys } = await translated([
      'Welcome to our shop',
      'This page is lowscore',
      'Call us [informal] today',
      'Ask my team',
      'RAPID growth',
    ]);
    const scoring = openai.requests().filter((request) => request.translationRequest === null);
    expect(scoring).toHaveLength(1);

    const clean = keyWith(keys, 'Welcome to our shop');
    expect(clean).toMatchObject({ status: 'unverified', ai_score: BASE });
    expect(clean.ai_score_reasons).toEqual([
      {
        code: 'model_rating',
        message: `The AI rated adequacy ${FAKE_RATING.adequacy} and fluency ${FAKE_RATING.fluency} of 100.`,
      },
    ]);
    expect(keyWith(keys, 'This page is lowscore').ai_score).toBe(
      Math.min(FAKE_LOW_RATING.adequacy, FAKE_LOW_RATING.fluency),
    );

    const informal = keyWith(keys, 'Call us [informal] today');
    expect(informal.ai_score).toBe(BASE - FORMALITY_PENALTY);
    expect(informal.ai_score_reasons.map((reason) => reason.code)).toEqual(['model_rating', 'formality_breach']);

    const avoided = keyWith(keys, 'Ask my team');
    expect(avoided.qa.map((problem) => problem.code)).toEqual(['style_avoided_term']);
    expect(avoided.ai_score).toBe(BASE - QA_PENALTY);
    expect(avoided.ai_score_reasons[1]).toMatchObject({ code: 'style_avoided_term' });

    const glossary = keyWith(keys, 'RAPID growth');
    expect(glossary.ai_score).toBe(BASE - QA_PENALTY);
    expect(glossary.ai_score_reasons[1]).toMatchObject({ code: 'glossary_term_missing' });
  });

  it('is not charged as AI words: only the translated words are', async () => {
    const before = await server.prisma.aiUsage.aggregate({ where: { spaceId }, _sum: { words: true, requests: true } });
    const { keys } = await translated(['Four words are here']);
    const after = await server.prisma.aiUsage.aggregate({ where: { spaceId }, _sum: { words: true, requests: true } });
    expect(after._sum.words! - (before._sum.words ?? 0)).toBe(keys[0]!.word_count);
    // One request translated, one scored.
    expect(after._sum.requests! - (before._sum.requests ?? 0)).toBe(2);
  });

  it('never loses a translation when scoring fails: the key keeps it, unscored, and says why', async () => {
    // The translation request passes; the scoring request meets an account without credit.
    openai.queueFailures([{ kind: 'slow', ms: 0 }, { kind: 'quota_exceeded' }]);
    const { keys } = await translated(['Opening hours', 'Our address']);
    for (const key of keys) {
      expect(key).toMatchObject({ status: 'unverified', ai_score: null, ask_error: null });
      expect(key.translated_key_value_text).toMatch(/^\[de\] /);
      expect(key.ai_score_reasons).toEqual([
        { code: 'not_scored', message: expect.stringMatching(/^The AI could not score this translation: .*credit/) },
      ]);
    }

    // A rating out of range leaves that key unscored, not the others of the request.
    const partly = (await translated(['This is unscorable', 'This is fine'])).keys;
    expect(keyWith(partly, 'This is unscorable')).toMatchObject({ ai_score: null, status: 'unverified' });
    expect(keyWith(partly, 'This is unscorable').ai_score_reasons[0]).toMatchObject({ code: 'not_scored' });
    expect(keyWith(partly, 'This is fine').ai_score).toBe(BASE);
  });

  it('is cleared when a person changes the value, and kept when the key is only verified', async () => {
    const { storyId, keys } = await translated(['Read the news', 'Read the blog']);
    const [first, second] = [keyWith(keys, 'Read the news'), keyWith(keys, 'Read the blog')];
    await owner.call('markAsVerified', { body: [{ key: second.key, story_id: storyId, space_locale_id: de }] });
    const saved = await owner.call('saveTranslation', {
      body: { key: first.key, story_id: storyId, space_locale_id: de, field_type: 'text', value: 'Lies die News' },
    });
    expect(saved).toMatchObject({ ai_score: null, ai_score_reasons: [] });
    const now = await keysOf(storyId);
    expect(keyWith(now, 'Read the news')).toMatchObject({ ai_score: null, ai_score_reasons: [] });
    expect(keyWith(now, 'Read the blog')).toMatchObject({ status: 'verified', ai_score: BASE });
    // Any writer at all: one going straight to the table clears it too.
    await server.prisma.translation.updateMany({
      where: { translatableKeyId: second.id, spaceLocaleId: de },
      data: { value: 'Lies den Blog', valueText: 'Lies den Blog' },
    });
    expect(keyWith(await keysOf(storyId), 'Read the blog').ai_score).toBeNull();
  });
});

describe('automatic verification of AI translations', () => {
  it('is off by default, and takes whole numbers from 1 to 100 from admins only', async () => {
    expect((await owner.call('getSpaceSettings', { params: { id: spaceId } })).auto_verify_min_score).toBeNull();
    for (const wrong of [0, 101, 50.5]) {
      const error = await apiFailure(settings({ auto_verify_min_score: wrong }));
      expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(error.message).toMatch(/lowest AI score to verify automatically/);
    }
    const session = await createAccount(server, uniqueEmail('editor'));
    await server.prisma.membership.create({
      data: { spaceId, userId: session.user.id, role: 'editor', status: 'joined' },
    });
    const editor = createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => session.access_token });
    expect(await apiFailure(settings({ auto_verify_min_score: 80 }, editor))).toMatchObject({ status: 403 });
    expect((await owner.call('getSpaceSettings', { params: { id: spaceId } })).auto_verify_min_score).toBeNull();
    expect((await settings({ auto_verify_min_score: 80 })).auto_verify_min_score).toBe(80);
    const audit = await server.prisma.auditEvent.findMany({
      where: { spaceId, action: 'settings.auto_verify_min_score' },
      select: { data: true },
    });
    expect(audit.map((event) => event.data)).toEqual([{ from: null, to: 80 }]);
  });

  it('verifies at or above the threshold only, never with a QA problem, and the counts stay true', async () => {
    await settings({ auto_verify_min_score: BASE });
    const { storyId, keys } = await translated(['Good morning', 'Fairly lowscore text', 'Ask my friend']);
    const good = keyWith(keys, 'Good morning');
    expect(good).toMatchObject({ status: 'verified', ai_score: BASE });
    expect(keyWith(keys, 'Fairly lowscore text')).toMatchObject({ status: 'unverified' });
    expect(keyWith(keys, 'Ask my friend')).toMatchObject({ status: 'unverified' });

    // A threshold below the QA-lowered score still leaves the translation with a problem to a person.
    await settings({ auto_verify_min_score: BASE - QA_PENALTY });
    const more = await translated(['Ask my sister', 'Good evening']);
    expect(keyWith(more.keys, 'Ask my sister')).toMatchObject({ status: 'unverified', ai_score: BASE - QA_PENALTY });
    expect(keyWith(more.keys, 'Good evening')).toMatchObject({ status: 'verified' });

    // The history shows the AI's translation, then its verification by AI with no person behind it.
    const history = await owner.call('getKeyHistory', {
      query: { story_id: storyId, key: good.key, space_locale_id: de },
    });
    expect(history.history.slice(0, 2)).toMatchObject([
      { status: 'verified', origin: 'ai', user_name: null },
      { status: 'unverified', origin: 'ai' },
    ]);
    const counts = await countsAndRecount(server.prisma, spaceId);
    expect(counts.kept).toEqual(counts.recount);

    await settings({ auto_verify_min_score: null });
    expect(keyWith((await translated(['Good night'])).keys, 'Good night')).toMatchObject({ status: 'unverified' });
  });
});

describe('the AI button’s answer', () => {
  it('comes with its score, and saved exactly as it came is the AI’s translation with that score', async () => {
    stories += 1;
    const story = await addStory(
      server.prisma,
      { spaceId, localeId: de, name: `Button ${stories}`, slug: `button-${stories}` },
      [{ text: 'Welcome to the shop' }, { text: 'Open every day' }],
    );
    await refreshCounts(server.prisma, spaceId, [story.id]);
    const [welcome, open] = await keysOf(story.id);
    const ask = (key: TranslatableKey) =>
      owner.call('aiTranslate', {
        body: {
          key: key.key,
          story_id: story.id,
          space_locale_id: de,
          target_locale: 'de',
          value: key.value as string,
        },
      });
    const save = (key: TranslatableKey, value: string) =>
      owner.call('saveTranslation', {
        body: { key: key.key, story_id: story.id, space_locale_id: de, field_type: 'text', value, origin: 'ai' },
      });

    const answer = await ask(welcome!);
    expect(answer.ai_score).toBe(BASE);
    expect(answer.ai_score_reasons.map((reason) => reason.code)).toContain('model_rating');
    const saved = await save(welcome!, answer.content as string);
    expect(saved).toMatchObject({ ai_score: answer.ai_score, ai_score_reasons: answer.ai_score_reasons });
    const stored = await server.prisma.translation.findFirstOrThrow({
      where: { translatableKeyId: welcome!.id, spaceLocaleId: de },
      select: { origin: true },
    });
    expect(stored.origin).toBe('ai');
    const history = await owner.call('getKeyHistory', {
      query: { story_id: story.id, key: welcome!.key, space_locale_id: de },
    });
    expect(history.history[0]).toMatchObject({ origin: 'ai', value_text: answer.content });

    // The answer is used up: the same text saved again is the translator's, and so is an edited answer.
    expect(await save(welcome!, answer.content as string)).toMatchObject({ ai_score: null, ai_score_reasons: [] });
    const other = await ask(open!);
    expect(other.ai_score).not.toBeNull();
    expect(await save(open!, `${other.content as string}!`)).toMatchObject({ ai_score: null });
    const edited = await server.prisma.translation.findFirstOrThrow({
      where: { translatableKeyId: open!.id, spaceLocaleId: de },
      select: { origin: true },
    });
    expect(edited.origin).toBe('manual');
  });
});
